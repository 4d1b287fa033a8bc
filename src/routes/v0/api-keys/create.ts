import { Type } from '@sinclair/typebox';
import { assertApiKeyCreationAllowed, cappedKeyExpiry } from '../../../domain/policies.js';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { DomainError, invalidInput } from '../../../domain/errors.js';
import { isManager } from '../../../domain/roles.js';
import { API_KEY_KINDS } from '../../../domain/credentials.js';
import { StringEnum } from '../../../schemas/common.js';
import { ApiKey, UnixMillis } from '../../../schemas/index.js';
import { apiKeyView } from '../../../schemas/index.js';
import { createApiKey } from '../../../repositories/api-keys.js';
import { currentSettings } from '../../../repositories/enterprise-controls.js';

// POST /api/v0/api-keys — a new key for the caller; the secret is in this answer only. Refused
// (403) when the enterprise controls restrict key creation to managers; the lifetime cap
// (apiKeyMaxLifetimeDays) gives a key without expiry the cap and refuses one beyond it (400).
export default async function createApiKeyRoute(app: App) {
  app.post(
    '/api-keys',
    {
      schema: {
        summary: 'Create an API key for yourself',
        tags: ['api-keys'],
        body: Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 100 }),
            expiresAt: Type.Optional(Type.Union([UnixMillis, Type.Null()])),
            kind: Type.Optional(StringEnum(API_KEY_KINDS, { description: 'ingest: a key that can only send telemetry, for agents\' OpenTelemetry settings (owners and managers)' })),
          },
          { additionalProperties: false },
        ),
        response: { 201: Type.Composite([ApiKey, Type.Object({ key: Type.String({ description: 'The secret; shown once' }) })]) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const settings = await currentSettings(app.services.db, principal.organizationId);
      assertApiKeyCreationAllowed(settings, principal.role);
      const { name, expiresAt, kind } = request.body;
      if (kind === 'ingest' && !isManager(principal.role)) throw new DomainError('role_not_permitted', 'only owners and managers create ingest keys');
      if (expiresAt != null && expiresAt <= Date.now()) throw invalidInput('expiresAt must be in the future', [{ path: 'body/expiresAt', message: 'must be in the future' }]);
      const expiry = cappedKeyExpiry(settings, expiresAt == null ? null : new Date(expiresAt));
      const { record, key } = await createApiKey(app.services.db, principal.organizationId, principal.userId, { name, kind, expiresAt: expiry }, auditActorOf(request));
      return reply.code(201).send({ ...apiKeyView(record), key });
    },
  );
}
