import type { Db } from '../db/store.js';
import { currentBudgetFigures } from '../analytics/budget-figures.js';
import { monthPosition } from '../domain/forecast.js';
import { MEMBER_WARNING_THRESHOLDS, thresholdsReached } from '../domain/budgets.js';
import { listBudgets, membersReached, membersWarned, organizationsToCheck, recordCrossings, recordedCrossings, recordLimitReached, recordLimitWarning } from '../repositories/budgets.js';
import { membersWithLimits } from '../repositories/credit-limits.js';
import { creditsUsedByAll } from '../repositories/credit-usage.js';
import { priceSettings } from '../repositories/prices.js';
import type { Job } from './job.js';

// The budget check (docs/budgets.md "Events"): every BUDGET_CHECK_INTERVAL_MS each replica looks
// at every organization with a budget or a credit limit, and records each threshold newly crossed
// this month (budget.threshold_crossed), each member who reached a warning share of their limit
// (member.limit_warning, 75 and 90 %) and each who reached their limit (member.limit_reached). The rows' primary keys make each announcement once per month whatever
// the number of replicas checking at once (repositories/budgets.ts); what was already recorded is
// read first, so a quiet pass writes nothing. On a month's first day a pass also checks the month
// before at its last instant: usage of its last minutes, checked after midnight, is announced too.

/** The instants whose months a pass at `now` checks. */
function monthsToCheck(now: Date): Date[] {
  const { daysBefore, firstDay } = monthPosition(now);
  return daysBefore.length === 0 ? [now, new Date(Date.parse(`${firstDay}T00:00:00Z`) - 1)] : [now];
}

/** Checks the organization's month of `at`; what it records is dated `now`. */
async function checkOrganization(db: Db, organizationId: string, at: Date, now: Date): Promise<number> {
  const { month } = monthPosition(at);
  let recorded = 0;
  const budgets = await listBudgets(db, organizationId);
  if (budgets.length > 0) {
    const [figures, known, { currency }] = await Promise.all([currentBudgetFigures(db, organizationId, budgets, at), recordedCrossings(db, organizationId, month), priceSettings(db, organizationId)]);
    for (const budget of budgets) {
      const { spent, thresholdsReached } = figures.get(budget.id)!;
      const reached = thresholdsReached.filter((threshold) => !known.get(budget.id)?.has(threshold));
      recorded += await recordCrossings(db, organizationId, budget, { month, spent, currency, reached }, now);
    }
  }
  const [members, used, reached, warned] = await Promise.all([
    membersWithLimits(db, organizationId),
    creditsUsedByAll(db, organizationId, at),
    membersReached(db, organizationId, month),
    membersWarned(db, organizationId, month),
  ]);
  for (const { userId, limit } of members) {
    const credits = used.get(userId) ?? 0;
    if (credits >= limit) {
      if (!reached.has(userId) && (await recordLimitReached(db, organizationId, { userId, month, limit, used: credits }, now))) recorded += 1;
      continue;
    }
    // Below the limit: the warning shares reached and not yet announced (a member who reaches the
    // limit between two checks hears of the limit only).
    for (const threshold of thresholdsReached(credits, limit, MEMBER_WARNING_THRESHOLDS)) {
      if (!warned.get(userId)?.has(threshold) && (await recordLimitWarning(db, organizationId, { userId, month, limit, used: credits, threshold }, now))) recorded += 1;
    }
  }
  return recorded;
}

/**
 * One pass over every organization to check; answers how many crossings and limits it recorded.
 * An organization whose check fails does not hold up the others: the pass goes on, then fails
 * with the first error (logged by the job), and the next pass tries again.
 */
export async function checkBudgets(db: Db, now: Date = new Date()): Promise<number> {
  let recorded = 0;
  const failures: unknown[] = [];
  for (const organizationId of await organizationsToCheck(db)) {
    try {
      for (const at of monthsToCheck(now)) recorded += await checkOrganization(db, organizationId, at, now);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
  return recorded;
}

export function budgetCheckJob(db: Db, intervalMs: number): Job {
  return { name: 'budget check', intervalMs, runOnce: () => checkBudgets(db) };
}
