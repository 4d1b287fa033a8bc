import { formatDateTime } from '../../format';

// An audit entry's details as a person reads them (docs/audit-log.md "The console"): each field by
// its words, ids of members and teams by their names, {from, to} as "before → after", dates as
// dates — not the stored JSON with ids.

/** Names of what ids point at: members (usr_…) and teams (team_…) of the organization. */
export type NameOf = (id: string) => string | undefined;

export interface DetailLine {
  label: string;
  value: string;
}

/** camelCase and snake_case keys as words: invitationExpiresAt → "Invitation expires at". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    .replace(/\bid\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(value: unknown, key: string, nameOf: NameOf): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  // Times in details are Unix milliseconds under a key ending in At.
  if (typeof value === 'number') return /At$/.test(key) && value > 1e11 ? formatDateTime(value) : String(value);
  if (typeof value === 'string') return nameOf(value) ?? value;
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((item) => valueText(item, key, nameOf)).join(', ');
  const record = value as Record<string, unknown>;
  if ('from' in record && 'to' in record && Object.keys(record).length === 2) return `${valueText(record.from, key, nameOf)} → ${valueText(record.to, key, nameOf)}`;
  return Object.entries(record)
    .map(([inner, innerValue]) => `${fieldLabel(inner)}: ${valueText(innerValue, inner, nameOf)}`)
    .join('; ');
}

export function detailLines(details: Record<string, unknown>, nameOf: NameOf): DetailLine[] {
  return Object.entries(details).map(([key, value]) => ({ label: fieldLabel(key) || key, value: valueText(value, key, nameOf) }));
}
