import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { revokeScimToken } from '../../../repositories/scim-tokens.js';

// DELETE /api/v0/organization/scim-tokens/{id} — the provider's next request with it is 401.
export default async function revokeScimTokenRoute(app: App) {
  app.delete(
    '/organization/scim-tokens/:id',
    {
      schema: {
        summary: 'Revoke a SCIM token',
        tags: ['scim-tokens'],
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      await revokeScimToken(app.services.db, organizationId, request.params.id, auditActorOf(request));
      return reply.code(204).send(null);
    },
  );
}
