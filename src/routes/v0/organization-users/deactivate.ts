import { Type } from '@sinclair/typebox';
import { mayManageUser } from '../../../domain/roles.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { conflict, forbidden, notFound } from '../../../http/errors.js';
import { revokeUserApiKeys } from '../../../repositories/api-keys.js';
import { endUserSessions } from '../../../repositories/browser-sessions.js';
import { countOtherActiveOwners, findUser, updateUser } from '../../../repositories/users.js';

// DELETE /api/v0/organization/users/{userId} — deactivates the user; its keys, tokens and console sessions die.
export default async function deactivateUserRoute(app: App) {
  app.delete(
    '/organization/users/:userId',
    {
      schema: {
        summary: 'Deactivate a user',
        tags: ['members'],
        params: Type.Object({ userId: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      await app.services.db.transaction().execute(async (trx) => {
        const subject = await findUser(trx, principal.organizationId, request.params.userId);
        if (!subject) throw notFound('user');
        if (!subject.active) return; // already deactivated: DELETE is idempotent
        if (!mayManageUser(principal.role, subject.role)) throw forbidden('only an owner may remove an owner');
        if (subject.role === 'owner' && (await countOtherActiveOwners(trx, principal.organizationId, subject.id)) === 0) {
          throw conflict('the organization must keep at least one active owner');
        }
        await updateUser(trx, principal.organizationId, subject.id, { active: false });
        await revokeUserApiKeys(trx, principal.organizationId, subject.id);
        await endUserSessions(trx, principal.organizationId, subject.id);
      });
      return reply.code(204).send(null);
    },
  );
}
