import { Type } from '@sinclair/typebox';
import { invitationUrl } from '../../../domain/console-auth.js';
import { operatorActorOf } from '../../../http/audit-actor.js';
import type { App } from '../../../http/context.js';
import { Email, RoleName } from '../../../schemas/index.js';
import { createOrganization } from '../../../repositories/organizations.js';

// POST /admin/v1/organizations — platform bootstrap: an organization, its owner, a first key and
// the owner's console invitation.
export default async function createOrganizationRoute(app: App) {
  app.post(
    '/organizations',
    {
      schema: {
        summary: 'Create an organization with its first owner',
        tags: ['admin'],
        body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), ownerEmail: Email }, { additionalProperties: false }),
        response: {
          201: Type.Object({
            organization: Type.Object({ id: Type.String(), name: Type.String() }),
            owner: Type.Object({ id: Type.String(), email: Type.String(), role: Type.Ref(RoleName) }),
            apiKey: Type.String({ description: 'The owner API key; shown once' }),
            inviteUrl: Type.String({ description: "One-time link where the owner sets a console password (7 days); shown once" }),
          }),
        },
      },
    },
    async (request, reply) => {
      const { organization, owner, apiKey, invitation } = await createOrganization(app.services.db, request.body, operatorActorOf(request));
      return reply.code(201).send({
        organization: { id: organization.id, name: organization.name },
        owner: { id: owner.id, email: owner.email, role: owner.role },
        apiKey,
        inviteUrl: invitationUrl(app.services.config.publicAppUrl, invitation.token),
      });
    },
  );
}
