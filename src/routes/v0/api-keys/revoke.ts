import { Type } from '@sinclair/typebox';
import { isManager } from '../../../domain/roles.js';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { notFound } from '../../../domain/errors.js';
import { findApiKey, revokeApiKey } from '../../../repositories/api-keys.js';

// DELETE /api/v0/api-keys/{id} — owner/manager may revoke any key of the organization, others
// only their own (someone else's key is 404 to them: no existence leak).
export default async function revokeApiKeyRoute(app: App) {
  app.delete(
    '/api-keys/:id',
    {
      schema: {
        summary: 'Revoke an API key',
        tags: ['api-keys'],
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const key = await findApiKey(app.services.db, principal.organizationId, request.params.id);
      if (!key || (!isManager(principal.role) && key.userId !== principal.userId)) throw notFound('API key');
      await revokeApiKey(app.services.db, principal.organizationId, key, auditActorOf(request));
      await app.services.credentials.awaitChangesHeard(request.log);
      return reply.code(204).send(null);
    },
  );
}
