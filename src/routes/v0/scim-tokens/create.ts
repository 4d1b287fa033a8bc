import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { scimBaseUrl } from '../../../http/scim.js';
import { createScimToken } from '../../../repositories/scim-tokens.js';
import { ScimToken, scimTokenView } from '../../../schemas/index.js';

// POST /api/v0/organization/scim-tokens — a token for the identity provider; the secret is in
// this answer only, with the SCIM base URL to paste beside it.
export default async function createScimTokenRoute(app: App) {
  app.post(
    '/organization/scim-tokens',
    {
      schema: {
        summary: 'Create a SCIM token',
        tags: ['scim-tokens'],
        body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\u0000-\\u001F\\u007F-\\u009F]*$' }) }, { additionalProperties: false }),
        response: { 201: Type.Composite([ScimToken, Type.Object({ token: Type.String({ description: 'The secret; shown once' }), scimBaseUrl: Type.String() })]) },
      },
    },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      const { record, token } = await createScimToken(app.services.db, organizationId, request.body.name.trim() || request.body.name, auditActorOf(request));
      return reply.code(201).send({ ...scimTokenView(record), token, scimBaseUrl: scimBaseUrl(app.services.config.publicApiUrl) });
    },
  );
}
