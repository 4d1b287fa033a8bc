import type { Static } from '@sinclair/typebox';
import { maskSettingsSecrets } from '../../../domain/secret-box.js';
import type { ControlChange } from '../../../http/schemas.js';
import type { ControlRevision } from '../../../repositories/enterprise-controls.js';

/** A revision as the API shows it: secrets masked, time as ISO 8601. */
export function changeView(revision: ControlRevision): Static<typeof ControlChange> {
  return { revision: revision.revision, settings: maskSettingsSecrets(revision.settings), user: revision.user, updatedAt: revision.updatedAt.toISOString() };
}

/** The revision as an entity tag, for If-Match. */
export function etagOf(revision: number): string {
  return `"${revision}"`;
}
