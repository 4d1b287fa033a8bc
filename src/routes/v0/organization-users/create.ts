import { Type } from '@sinclair/typebox';
import { invitationUrl } from '../../../domain/console-auth.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { Email, RoleName, User } from '../../../schemas/index.js';
import { userView } from '../../../schemas/index.js';
import { addUser } from '../../../repositories/users.js';

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
      const { organizationId, role } = principalOf(request);
      const { user, key, invitation } = await addUser(app.services.db, organizationId, role, request.body);
      return reply.code(201).send({ user: userView(user), apiKey: key, inviteUrl: invitationUrl(app.services.config.publicAppUrl, invitation.token) });
    },
  );
}
