import { Type } from '@sinclair/typebox';
import { assertApiKeyCreationAllowed } from '../../../domain/policies.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { invalidInput } from '../../../domain/errors.js';
import { ApiKey, UnixMillis } from '../../../schemas/index.js';
import { apiKeyView } from '../../../schemas/index.js';
import { insertApiKey } from '../../../repositories/api-keys.js';
import { currentSettings } from '../../../repositories/enterprise-controls.js';

// POST /api/v0/api-keys — a new key for the caller; the secret is in this answer only. Refused
// (403) when the enterprise controls restrict key creation to managers.
export default async function createApiKeyRoute(app: App) {
  app.post(
    '/api-keys',
    {
      schema: {
        summary: 'Create an API key for yourself',
        tags: ['api-keys'],
        body: Type.Object(
          { name: Type.String({ minLength: 1, maxLength: 100 }), expiresAt: Type.Optional(Type.Union([UnixMillis, Type.Null()])) },
          { additionalProperties: false },
        ),
        response: { 201: Type.Composite([ApiKey, Type.Object({ key: Type.String({ description: 'The secret; shown once' }) })]) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      assertApiKeyCreationAllowed(await currentSettings(app.services.db, principal.organizationId), principal.role);
      const { name, expiresAt } = request.body;
      if (expiresAt != null && expiresAt <= Date.now()) throw invalidInput('expiresAt must be in the future', [{ path: 'body/expiresAt', message: 'must be in the future' }]);
      const { record, key } = await insertApiKey(app.services.db, principal.organizationId, principal.userId, {
        name,
        expiresAt: expiresAt == null ? null : new Date(expiresAt),
      });
      return reply.code(201).send({ ...apiKeyView(record), key });
    },
  );
}
