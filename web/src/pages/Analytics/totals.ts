// Range totals of the per-day breakdowns the endpoints answer (calls by tool, files by
// language, ...): the server answers days; the console adds them up for the range.

import { lengthInDays, type DayRange } from './range.js';

export function sumBy<T>(rows: readonly T[], items: (row: T) => readonly { name: string; value: number }[], top = 12): { name: string; value: number }[] {
  const totals = new Map<string, number>();
  for (const row of rows) for (const item of items(row)) totals.set(item.name, (totals.get(item.name) ?? 0) + item.value);
  return [...totals.entries()]
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => b.value - a.value || (a.name < b.name ? -1 : 1))
    .slice(0, top);
}

export function total<T>(rows: readonly T[], value: (row: T) => number): number {
  return rows.reduce((sum, row) => sum + value(row), 0);
}

/** The mean daily active users over the range's days from its first day with activity on; 0 without any. */
export function meanSinceHistory(rows: readonly { date: string; daily_active_users: number }[], range: DayRange): number {
  const first = rows.filter((row) => row.daily_active_users > 0).reduce<string | null>((earliest, row) => (earliest === null || row.date < earliest ? row.date : earliest), null);
  if (first === null) return 0;
  return total(rows, (row) => row.daily_active_users) / lengthInDays({ startDate: first, endDate: range.endDate });
}


/**
 * Range totals of names that differ by case only merged into one (MCP servers: one agent reports
 * `GitHub`, another `github`, the same server): shown in the spelling with the most calls (ties:
 * the first in byte order). The API's per-day rows keep what each agent reported.
 */
export function sumByFoldingCase<T>(rows: readonly T[], items: (row: T) => readonly { name: string; value: number }[], top = 12): { name: string; value: number }[] {
  const spellings = new Map<string, Map<string, number>>();
  for (const row of rows)
    for (const item of items(row)) {
      const key = item.name.toLowerCase();
      const counts = spellings.get(key) ?? new Map<string, number>();
      counts.set(item.name, (counts.get(item.name) ?? 0) + item.value);
      spellings.set(key, counts);
    }
  return sumBy([...spellings.values()], (counts) => {
    const [name] = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))[0]!;
    return [{ name, value: [...counts.values()].reduce((sum, value) => sum + value, 0) }];
  }, top);
}
