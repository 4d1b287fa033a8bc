import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import { auditActorOf } from '../../../http/audit-actor.js';
import type { App } from '../../../http/context.js';
import { notFound } from '../../../domain/errors.js';
import { appendAudit } from '../../../repositories/audit-log.js';
import { deleteSsoSettings } from '../../../repositories/organization-sso.js';

// DELETE /api/v0/organization/sso — turns single sign-on off: passwords work again for everyone.
export default async function deleteSsoRoute(app: App) {
  app.delete(
    '/organization/sso',
    { schema: { summary: 'Remove the single sign-on settings', tags: ['sso'], response: { 204: Type.Null() } } },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      await app.services.db.transaction().execute(async (trx) => {
        if (!(await deleteSsoSettings(trx, organizationId))) throw notFound('single sign-on settings');
        await appendAudit(trx, organizationId, { actor: auditActorOf(request), action: 'sso.settings_removed', target: { type: 'sso', id: organizationId } });
      });
      return reply.code(204).send(null);
    },
  );
}
