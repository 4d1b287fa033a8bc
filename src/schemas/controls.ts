import { Type, type Static } from '@sinclair/typebox';
import { maskSettingsSecrets } from '../domain/secret-box.js';
import type { ControlRevision } from '../repositories/enterprise-controls.js';

// Enterprise controls (decisions.md §6) and how the API shows a revision.

export const ControlChange = Type.Object(
  {
    revision: Type.Integer({ minimum: 0 }),
    settings: Type.Object({}, { additionalProperties: true, description: 'Settings at this revision; parse as a generic JSON object. Secrets are masked.' }),
    user: Type.Union([Type.Object({ id: Type.String(), email: Type.String(), name: Type.String() }), Type.Null()]),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'ControlChange', description: 'An enterprise control change record.' },
);

/** A revision as the API shows it: secrets masked, time as ISO 8601. */
export function changeView(revision: ControlRevision): Static<typeof ControlChange> {
  return { revision: revision.revision, settings: maskSettingsSecrets(revision.settings), user: revision.user, updatedAt: revision.updatedAt.toISOString() };
}
