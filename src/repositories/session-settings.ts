import type { Db } from '../db/store.js';
import { assertModelAllowed, sessionDefaults, type EnterpriseSettings } from '../domain/policies.js';
import { currentSettings } from './enterprise-controls.js';

// Session settings under the organization's enterprise controls (decisions.md §6): new sessions
// start from `sessionDefaultSettings`; a model given by the caller must pass `modelPolicy` (403).

/** Settings a caller gave (the API's SessionSettingsInput): the models are what the rules look at. */
type SettingsInput = { model?: string; specModeModel?: string };

function assertModelsAllowed(controls: EnterpriseSettings, given: SettingsInput): void {
  if (given.model !== undefined) assertModelAllowed(controls, given.model);
  if (given.specModeModel !== undefined) assertModelAllowed(controls, given.specModeModel);
}

export async function checkSessionSettings(db: Db, organizationId: string, given: SettingsInput): Promise<void> {
  if (given.model === undefined && given.specModeModel === undefined) return;
  assertModelsAllowed(await currentSettings(db, organizationId), given);
}

/** The settings of a new session: the defaults, overridden by what the caller gave. */
export async function newSessionSettings(db: Db, organizationId: string, given: SettingsInput): Promise<Record<string, unknown>> {
  const controls = await currentSettings(db, organizationId);
  assertModelsAllowed(controls, given);
  return { ...sessionDefaults(controls), ...given };
}
