import { Type } from '@sinclair/typebox';
import { assertSettingsChangeAllowed, EnterpriseSettingsSchema, mergePatchSchema } from '../../../domain/policies.js';
import { sealCustomModelSecrets } from '../../../domain/secret-box.js';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { ApiError } from '../../../http/errors.js';
import { invalidInput } from '../../../domain/errors.js';
import { ControlChange } from '../../../schemas/index.js';
import { appendRevision, currentRevision } from '../../../repositories/enterprise-controls.js';
import { applyMergePatch } from './json-changes.js';
import { changeView } from '../../../schemas/index.js';
import { etagOf } from './etag.js';

// PATCH /api/v0/organization/enterprise-controls — a JSON Merge Patch of the settings, appended
// as the next revision. If-Match: "<revision>" makes it conditional (412 when stale).

const SettingsPatch = { ...mergePatchSchema(EnterpriseSettingsSchema), type: 'object' };

/** The revision If-Match requires: a number, `*` (any) or none. */
function expectedRevision(header: string | undefined): number | '*' | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (value === '*') return '*';
  const match = /^"(\d{1,9})"$/.exec(value);
  if (!match) throw invalidInput('If-Match must be "<revision>" (with the quotes) or *', [{ path: 'headers/if-match', message: 'malformed entity tag' }]);
  return Number(match[1]);
}

export default async function patchEnterpriseControlsRoute(app: App) {
  app.patch(
    '/organization/enterprise-controls',
    {
      schema: {
        summary: 'Change enterprise controls (JSON Merge Patch of settings)',
        description: 'null removes a property; unknown properties are kept as given. Send If-Match: "<revision>" to apply only to that revision.',
        tags: ['enterprise-controls'],
        headers: Type.Object({ 'if-match': Type.Optional(Type.String({ maxLength: 100 })) }),
        body: Type.Unsafe<Record<string, unknown>>(SettingsPatch),
        response: { 200: Type.Ref(ControlChange) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const expected = expectedRevision(request.headers['if-match']);
      const patch = request.body;
      // Resolved before the transaction: the key may need a database connection of its own.
      const box = patch.customModels ? await app.services.secretBox() : undefined;
      const assertExpected = (current: number) => {
        if (expected !== undefined && expected !== '*' && expected !== current) {
          throw new ApiError('precondition_failed', `If-Match names revision ${expected}, but the current revision is ${current}`, { headers: { ETag: etagOf(current) } });
        }
      };
      // Revisions only grow: a stale If-Match is 412 without waiting for the organization's lock,
      // which concurrent writers would otherwise queue on.
      if (typeof expected === 'number') assertExpected((await currentRevision(app.services.db, principal.organizationId)).revision);
      const changed = await appendRevision(app.services.db, principal.organizationId, principal.userId, (current) => {
        assertExpected(current.revision);
        const merged = applyMergePatch(current.settings, patch) as Record<string, unknown>;
        assertSettingsChangeAllowed(current.settings, merged, principal.role);
        return box ? sealCustomModelSecrets(merged, current.settings, box) : merged;
      }, auditActorOf(request));
      reply.header('ETag', etagOf(changed.revision));
      return changeView(changed);
    },
  );
}
