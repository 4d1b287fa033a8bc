import type { Db } from '../db/store.js';
import type { MonthPosition } from '../domain/forecast.js';
import { computeDay } from './compute-day.js';

// Each user's Standard Credits and cost (at the organization's prices) per day of the current UTC
// month, for budgets and their forecasts (docs/budgets.md "Spend"). A day the rollup has settled
// is read from the figures it keeps beside each user's day row (the ones group_by=team sums); a
// day it has not (today, and an ended day still pending) is computed from the raw events by the
// rollup's own computation (computeDay), so its cost is priced exactly as the rollup will price it.

export interface UserMonthSpend {
  /** Micro-credits of each day of the month through today, first day first. */
  credits: number[];
  /** Micro-units of the currency of each day, the same way; a model without a price adds nothing. */
  cost: number[];
}

/** By user id; a user without usage this month is absent. */
export type MonthSpend = Map<string, UserMonthSpend>;

export async function monthSpend(db: Db, organizationId: string, position: MonthPosition): Promise<MonthSpend> {
  const days = [...position.daysBefore, position.today];
  const spend: MonthSpend = new Map();
  const add = (userId: string, day: string, credits: number, cost: number) => {
    let user = spend.get(userId);
    if (!user) spend.set(userId, (user = { credits: days.map(() => 0), cost: days.map(() => 0) }));
    const index = days.indexOf(day);
    user.credits[index]! += credits;
    user.cost[index]! += cost;
  };
  const pending = await db
    .selectFrom('analytics_pending_days')
    .select('day')
    .where('organization_id', '=', organizationId)
    .where('day', '>=', position.firstDay)
    .where('day', '<', position.today)
    .execute();
  const computed = [...pending.map((row) => row.day), position.today];
  const settled = await db
    .selectFrom('analytics_user_daily')
    .select(['user_id', 'day', 'credits_micros', 'cost_micros'])
    .where('organization_id', '=', organizationId)
    .where('day', '>=', position.firstDay)
    .where('day', '<', position.today)
    .where('day', 'not in', computed)
    .execute();
  for (const row of settled) add(row.user_id, row.day, Number(row.credits_micros), Number(row.cost_micros ?? 0));
  // One day at a time: each is a scan of the day's events, and this runs beside ingestion.
  for (const day of computed) {
    const { users, userFigures } = await computeDay(db, organizationId, day);
    users.forEach((row, i) => add(row.user_id, day, userFigures.columns.credits_micros[i] ?? 0, userFigures.columns.cost_micros[i] ?? 0));
  }
  return spend;
}
