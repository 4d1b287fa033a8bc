import { Type } from '@sinclair/typebox';
import { invitationUrl } from '../../../domain/console-auth.js';
import { mayAssignRole } from '../../../domain/roles.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { conflict, forbidden } from '../../../http/errors.js';
import { Email, RoleName, User } from '../../../http/schemas.js';
import { userView } from '../../../http/views.js';
import { insertApiKey } from '../../../repositories/api-keys.js';
import { issueInvitation } from '../../../repositories/invitations.js';
import { EmailTakenError, insertUser } from '../../../repositories/users.js';

// POST /api/v0/organization/users — adds a user with an initial API key and a console invitation
// link (both shown once).
export default async function createUserRoute(app: App) {
  app.post(
    '/organization/users',
    {
      schema: {
        summary: 'Add a user to the organization',
        tags: ['members'],
        body: Type.Object(
          { email: Email, name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })), role: Type.Ref(RoleName) },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({
            user: Type.Ref(User),
            apiKey: Type.String({ description: 'Initial API key; shown once' }),
            inviteUrl: Type.String({ description: 'One-time link to set a console password (7 days); shown once' }),
          }),
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      if (!mayAssignRole(principal.role, request.body.role)) throw forbidden('only an owner may grant the owner role');
      try {
        const result = await app.services.db.transaction().execute(async (trx) => {
          const user = await insertUser(trx, principal.organizationId, request.body);
          const { key } = await insertApiKey(trx, principal.organizationId, user.id, { name: 'initial' });
          const invitation = await issueInvitation(trx, principal.organizationId, user.id);
          return { user, key, invitation };
        });
        const inviteUrl = invitationUrl(app.services.config.publicAppUrl, result.invitation.token);
        return reply.code(201).send({ user: userView(result.user), apiKey: result.key, inviteUrl });
      } catch (error) {
        if (error instanceof EmailTakenError) throw conflict(`a user with e-mail ${request.body.email} already exists in this organization`);
        throw error;
      }
    },
  );
}
