import { Type } from '@sinclair/typebox';
import { invitationUrl } from '../../../domain/console-auth.js';
import { mayManageUser } from '../../../domain/roles.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { conflict, forbidden, notFound } from '../../../http/errors.js';
import { UnixMillis } from '../../../http/schemas.js';
import { issueInvitation } from '../../../repositories/invitations.js';
import { findUser } from '../../../repositories/users.js';

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
      const principal = principalOf(request);
      const invitation = await app.services.db.transaction().execute(async (trx) => {
        const subject = await findUser(trx, principal.organizationId, request.params.userId);
        if (!subject) throw notFound('user');
        if (!subject.active) throw conflict('the user is deactivated');
        if (!mayManageUser(principal.role, subject.role)) throw forbidden('only an owner may invite an owner');
        return issueInvitation(trx, principal.organizationId, subject.id);
      });
      return reply.code(201).send({ inviteUrl: invitationUrl(app.services.config.publicAppUrl, invitation.token), expiresAt: invitation.expiresAt.getTime() });
    },
  );
}
