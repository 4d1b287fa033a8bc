import type { PolicyDefault } from './PolicySelect';

// The controls the form names, with their labels: the form and the history's diffs read them here,
// so a change reads as the form wrote it ("Agent shield: Not set → On"), not as a JSON pointer.

// Each policy with what is in force while it is not set: the server's rule for those it enforces
// (docs/controls.md), 'agent' for those only agents read, whose own defaults apply.
export const SWITCHES: { key: string; label: string; unset: PolicyDefault }[] = [
  { key: 'restrictApiKeyCreationToManagers', label: 'Only owners and managers create API keys', unset: false },
  { key: 'restrictMemberVisibility', label: 'Members see only themselves', unset: 'agent' },
  { key: 'managedComputersEnabled', label: 'Managed (hosted) computers allowed', unset: true },
  { key: 'byomComputersEnabled', label: 'Own computers (BYOM) allowed', unset: true },
  { key: 'telemetryCreatesMembers', label: 'Telemetry from unknown people creates members', unset: false },
  { key: 'creditLimitsExcludeIngestKeyTelemetry', label: 'Credit limits leave out what ingest keys report', unset: false },
  { key: 'cloudSessionSync', label: 'Sync sessions to the cloud', unset: 'agent' },
  { key: 'wikiCloudSync', label: 'Sync the wiki to the cloud', unset: 'agent' },
  { key: 'includeCoAuthoredByAgent', label: 'Co-authored-by the agent in commits', unset: 'agent' },
  { key: 'enableAgentShield', label: 'Agent shield', unset: 'agent' },
  { key: 'ideAutoConnect', label: 'Connect to the IDE automatically', unset: 'agent' },
];
export const LISTS: { key: string; label: string }[] = [
  { key: 'managedComputersAllowedEmails', label: 'Managed computers: allowed e-mails' },
  { key: 'byomComputersAllowedEmails', label: 'Own computers: allowed e-mails' },
];
// Day counts (docs/controls.md): empty leaves the setting out, and its default applies.
export const DAYS: { key: string; label: string; description: string; min: number; max: number }[] = [
  { key: 'apiKeyMaxLifetimeDays', label: 'API key lifetime cap (days)', description: 'New keys expire within this; empty: keys may live forever', min: 1, max: 3650 },
  { key: 'auditLogRetentionDays', label: 'Audit log retention (days)', description: 'Older entries are deleted (owners only; at least 30); empty: 365 days', min: 30, max: 3650 },
];

/** The nested properties the form edits, by JSON pointer. */
const NESTED: Record<string, { label: string; unset?: PolicyDefault }> = {
  '/sessionDefaultSettings/model': { label: 'Session defaults: model' },
  '/sessionDefaultSettings/specModeModel': { label: 'Session defaults: spec mode model' },
  '/sessionDefaultSettings/runInWorktree': { label: 'Session defaults: run sessions in a worktree', unset: 'agent' },
  '/modelPolicy/allowedModelIds': { label: 'Allowed model ids' },
  '/modelPolicy/blockedModelIds': { label: 'Blocked model ids' },
  '/modelPolicy/allowCustomModels': { label: 'Custom models allowed', unset: 'agent' },
};

/** The groups the form shows as fieldsets: a diff names the whole group when it was added or removed at once. */
const GROUPS: Record<string, string> = { '/sessionDefaultSettings': 'Session defaults', '/modelPolicy': 'Model policy' };

/** A changed property's label as the form writes it; a property the form does not name keeps its path. */
export function changeLabel(path: string): string {
  const top = path.split('/')[1] ?? '';
  return GROUPS[path] ?? NESTED[path]?.label ?? [...SWITCHES, ...LISTS, ...DAYS].find((item) => `/${item.key}` === path)?.label ?? (top === 'customModels' ? `Custom models (${path.slice(1)})` : path);
}

/** A value as a person reads it: On / Off, "Not set" with what is then in force, lists by comma, days with their unit. */
export function changeValue(path: string, value: unknown): string {
  if (value === undefined || value === null) {
    const unset = NESTED[path]?.unset ?? SWITCHES.find((item) => `/${item.key}` === path)?.unset;
    return unset === undefined ? 'Not set' : unset === 'agent' ? "Not set (each agent's default)" : `Not set (${unset ? 'on' : 'off'})`;
  }
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ');
  if (typeof value === 'number' && DAYS.some((item) => `/${item.key}` === path)) return `${value} days`;
  // A whole group set at once: each of its settings by its label ("Blocked model ids: gpt-5, o3").
  if (GROUPS[path] && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${(NESTED[`${path}/${key}`]?.label ?? key).replace(/^Session defaults: /, '')}: ${changeValue(`${path}/${key}`, inner)}`)
      .join('; ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}
