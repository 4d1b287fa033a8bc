import { Type } from '@sinclair/typebox';
import { MANAGERS } from '../../../domain/roles.js';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf, requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { unlistRepository } from '../../../repositories/readiness-evaluations.js';

// DELETE /api/v0/readiness/repositories/{id} — off the list; its evaluations and reports stay.
export default async function removeReadinessRepositoryRoute(app: App) {
  app.delete(
    '/readiness/repositories/:id',
    {
      preHandler: requireRole(MANAGERS),
      schema: { summary: 'Take a repository off the readiness list', tags: ['readiness'], params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 128 }) }), response: { 204: Type.Null() } },
    },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      await unlistRepository(app.services.db, organizationId, request.params.id, auditActorOf(request));
      return reply.code(204).send(null);
    },
  );
}
