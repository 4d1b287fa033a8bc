import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { deactivateUser } from '../../../repositories/users.js';

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
      const { organizationId, role } = principalOf(request);
      await deactivateUser(app.services.db, organizationId, role, request.params.userId, auditActorOf(request));
      await app.services.credentials.awaitChangesHeard(request.log);
      return reply.code(204).send(null);
    },
  );
}
