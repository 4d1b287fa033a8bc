import { Type } from '@sinclair/typebox';
import { invitationUrl } from '../../../domain/console-auth.js';
import { cappedKeyExpiry } from '../../../domain/policies.js';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { Email, RoleName, User } from '../../../schemas/index.js';
import { userView } from '../../../schemas/index.js';
import { currentSettings } from '../../../repositories/enterprise-controls.js';
import { addUser } from '../../../repositories/users.js';

// POST /api/v0/organization/users — adds a user (invited until their first sign-in) with a
// console invitation link and, unless `createApiKey` is false, an initial API key (both shown
// once; the key gets the organization's lifetime cap as its expiry). docs/decisions.md "Members".
export default async function createUserRoute(app: App) {
  app.post(
    '/organization/users',
    {
      schema: {
        summary: 'Add a user to the organization',
        tags: ['members'],
        body: Type.Object(
          {
            email: Email,
            name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
            role: Type.Ref(RoleName),
            createApiKey: Type.Optional(Type.Boolean({ default: true, description: 'false: no initial API key (apiKey is null); the person creates keys once signed in' })),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({
            user: Type.Ref(User),
            apiKey: Type.Union([Type.String(), Type.Null()], { description: 'Initial API key; shown once. null with createApiKey false' }),
            inviteUrl: Type.String({ description: 'One-time link to set a console password (7 days); shown once' }),
          }),
        },
      },
    },
    async (request, reply) => {
      const { organizationId, role } = principalOf(request);
      const { createApiKey = true } = request.body;
      const initialKeyExpiry = createApiKey ? cappedKeyExpiry(await currentSettings(app.services.db, organizationId), null) : null;
      const { user, key, invitation } = await addUser(app.services.db, organizationId, role, { ...request.body, createApiKey, initialKeyExpiry }, auditActorOf(request));
      return reply.code(201).send({ user: userView(user, invitation.expiresAt), apiKey: key, inviteUrl: invitationUrl(app.services.config.publicAppUrl, invitation.token) });
    },
  );
}
