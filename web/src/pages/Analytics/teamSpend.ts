import { addDays, yesterday, type DayRange } from './range';

// Each team's spend this month against last month (calendar months, UTC): the per-day team rows
// of /tokens?group_by=team added up per team. Credits are fixed point (6 decimals): summed as
// whole micro-credits, so the totals match the CSV's rows added up.

export interface TeamTotals {
  credits: number;
  tokens: number;
}

/** Last calendar month, and this month up to yesterday (null on the 1st: no closed day yet). */
export function monthRanges(today = addDays(yesterday(), 1)): { lastMonth: DayRange; thisMonth: DayRange | null } {
  const firstOfThisMonth = `${today.slice(0, 7)}-01`;
  const lastMonth = { startDate: `${addDays(firstOfThisMonth, -1).slice(0, 7)}-01`, endDate: addDays(firstOfThisMonth, -1) };
  const endOfThisMonth = addDays(today, -1);
  return { lastMonth, thisMonth: endOfThisMonth >= firstOfThisMonth ? { startDate: firstOfThisMonth, endDate: endOfThisMonth } : null };
}

export function totalsByTeam(rows: readonly { group_key: string; billable_tokens: number; input_tokens: number; output_tokens: number }[]): Map<string, TeamTotals> {
  const micros = new Map<string, { micros: number; tokens: number }>();
  for (const row of rows) {
    const sum = micros.get(row.group_key) ?? { micros: 0, tokens: 0 };
    sum.micros += Math.round(row.billable_tokens * 1e6);
    sum.tokens += row.input_tokens + row.output_tokens;
    micros.set(row.group_key, sum);
  }
  return new Map([...micros].map(([team, sum]) => [team, { credits: sum.micros / 1e6, tokens: sum.tokens }]));
}

/** The change from last month in percent; null when last month had nothing to compare with. */
export function changePercent(current: number, previous: number): number | null {
  return previous === 0 ? null : ((current - previous) / previous) * 100;
}
