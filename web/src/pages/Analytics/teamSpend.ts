import { addDays, yesterday, type DayRange } from './range';

// Each team's spend this month against last month (calendar months, UTC): the per-day team rows
// of /tokens?group_by=team added up per team. Amounts are fixed point (6 decimals): summed as
// whole micro-units, so the totals match the CSV's rows added up.

export interface TeamTotals {
  /** At the organization's prices; null when a day of the range has no cost computed yet. */
  cost: number | null;
  /** Models of the team's calls without a price, left out of `cost`. */
  unpricedModels: string[];
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

interface TeamDayRow {
  group_key: string;
  billable_tokens: number;
  input_tokens: number;
  output_tokens: number;
  cost?: number;
  unpriced_models?: string[];
}

const micros = (amount: number) => Math.round(amount * 1e6);

export function totalsByTeam(rows: readonly TeamDayRow[]): Map<string, TeamTotals> {
  const sums = new Map<string, { cost: number | null; unpriced: Set<string>; credits: number; tokens: number }>();
  for (const row of rows) {
    const sum = sums.get(row.group_key) ?? { cost: 0, unpriced: new Set<string>(), credits: 0, tokens: 0 };
    sum.cost = sum.cost === null || row.cost === undefined ? null : sum.cost + micros(row.cost);
    for (const model of row.unpriced_models ?? []) sum.unpriced.add(model);
    sum.credits += micros(row.billable_tokens);
    sum.tokens += row.input_tokens + row.output_tokens;
    sums.set(row.group_key, sum);
  }
  return new Map(
    [...sums].map(([team, sum]) => [team, { cost: sum.cost === null ? null : sum.cost / 1e6, unpricedModels: [...sum.unpriced].sort(), credits: sum.credits / 1e6, tokens: sum.tokens }]),
  );
}

/** The change from last month in percent; null when last month had nothing to compare with. */
export function changePercent(current: number, previous: number): number | null {
  return previous === 0 ? null : ((current - previous) / previous) * 100;
}
