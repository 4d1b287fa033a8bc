import { Type } from '@sinclair/typebox';
import { invitationUrl } from '../../../domain/console-auth.js';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { UnixMillis } from '../../../schemas/index.js';
import { inviteUser } from '../../../repositories/users.js';

// POST /api/v0/organization/users/{userId}/invite — a new one-time invitation link (shown once);
// the user's unused one dies.
export default async function inviteUserRoute(app: App) {
  app.post(
    '/organization/users/:userId/invite',
    {
      schema: {
        summary: 'Issue a new invitation link for a user',
        tags: ['members'],
        params: Type.Object({ userId: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: { 201: Type.Object({ inviteUrl: Type.String({ description: 'One-time link to set a password; shown once' }), expiresAt: UnixMillis }) },
      },
    },
    async (request, reply) => {
      const { organizationId, role } = principalOf(request);
      const invitation = await inviteUser(app.services.db, organizationId, role, request.params.userId, auditActorOf(request));
      return reply.code(201).send({ inviteUrl: invitationUrl(app.services.config.publicAppUrl, invitation.token), expiresAt: invitation.expiresAt.getTime() });
    },
  );
}
