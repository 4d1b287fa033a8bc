import type { Db } from '../db/store.js';
import { percentOf, thresholdsReached, type BudgetFigures } from '../domain/budgets.js';
import { forecastMonthEnd, monthPosition, type MonthPosition } from '../domain/forecast.js';
import { fromMicroCredits, sumCredits } from '../domain/micro-credits.js';
import type { BudgetRecord } from '../repositories/budgets.js';
import { membersWithLimits } from '../repositories/credit-limits.js';
import { creditsUsedByAll } from '../repositories/credit-usage.js';
import { monthSpend, type MonthSpend } from './month-spend.js';

// What budgets and members' credit limits stand at in the current UTC month (docs/budgets.md):
// the spend, its month-end forecast, the percentage. Credits spent are the live monthly counters
// ingestion writes (the ones limits refuse by); money is the month's cost (month-spend.ts). The
// forecasts take their daily series from month-spend.ts.

export interface MemberFigures {
  userId: string;
  email: string;
  limit: number;
  used: number;
  /** 100 for a limit of 0. */
  percent: number;
  forecast: number;
}

interface MonthContext {
  position: MonthPosition;
  /** Credits used this month, by user (live). */
  used: Map<string, number>;
  /** Each team budget's members. */
  teamMembers: Map<string, string[]>;
  /** Per user and day; empty when neither money nor forecasts are asked for. */
  spend: MonthSpend;
}

async function teamMembersOf(db: Db, organizationId: string, budgets: readonly BudgetRecord[]): Promise<Map<string, string[]>> {
  const teamIds = budgets.flatMap((budget) => budget.teamId ?? []);
  const members = new Map<string, string[]>(teamIds.map((id) => [id, []]));
  if (teamIds.length === 0) return members;
  const rows = await db.selectFrom('team_members').select(['team_id', 'user_id']).where('organization_id', '=', organizationId).where('team_id', 'in', teamIds).execute();
  for (const row of rows) members.get(row.team_id)!.push(row.user_id);
  return members;
}

async function monthContext(db: Db, organizationId: string, budgets: readonly BudgetRecord[], now: Date, withDailySpend: boolean): Promise<MonthContext> {
  const position = monthPosition(now);
  const [used, teamMembers, spend] = await Promise.all([
    creditsUsedByAll(db, organizationId, now),
    teamMembersOf(db, organizationId, budgets),
    withDailySpend ? monthSpend(db, organizationId, position) : new Map(),
  ]);
  return { position, used, teamMembers, spend };
}

/** The users a budget counts: its team's members, or everyone (null). */
const usersOf = (budget: BudgetRecord, context: MonthContext) => (budget.teamId === null ? null : context.teamMembers.get(budget.teamId) ?? []);

/** The daily series of the users' credits or cost, in micro-units, first day first (today last). */
function dailyMicros(context: MonthContext, users: readonly string[] | null, unit: 'credits' | 'cost'): number[] {
  const daily = [...context.position.daysBefore, context.position.today].map(() => 0);
  const spends = users === null ? [...context.spend.values()] : users.flatMap((id) => context.spend.get(id) ?? []);
  for (const spend of spends) spend[unit].forEach((micros, i) => (daily[i]! += micros));
  return daily;
}

function spentOf(budget: BudgetRecord, context: MonthContext): number {
  const users = usersOf(budget, context);
  if (budget.unit === 'credits') return sumCredits(users === null ? context.used.values() : users.map((id) => context.used.get(id)));
  return fromMicroCredits(dailyMicros(context, users, 'cost').reduce((sum, micros) => sum + micros, 0));
}

function figuresOf(budget: BudgetRecord, context: MonthContext): BudgetFigures {
  const spent = spentOf(budget, context);
  return { month: context.position.month, spent, percent: percentOf(spent, budget.amount), thresholdsReached: thresholdsReached(spent, budget.amount, budget.thresholds) };
}

function forecastOf(spent: number, daily: readonly number[], position: MonthPosition): number {
  return forecastMonthEnd({ spent, dailyBefore: daily.slice(0, -1).map(fromMicroCredits), daysInMonth: position.daysInMonth, todayElapsed: position.todayElapsed });
}

/** Each budget's figures now, without forecasts: money budgets need the month's costs, credit budgets only the counters. */
export async function currentBudgetFigures(db: Db, organizationId: string, budgets: readonly BudgetRecord[], now = new Date()): Promise<Map<string, BudgetFigures>> {
  const context = await monthContext(db, organizationId, budgets, now, budgets.some((budget) => budget.unit === 'money'));
  return new Map(budgets.map((budget) => [budget.id, figuresOf(budget, context)]));
}

/** Each budget's figures now with its month-end forecast. */
export async function budgetFiguresWithForecasts(db: Db, organizationId: string, budgets: readonly BudgetRecord[], now = new Date()): Promise<Map<string, BudgetFigures & { forecast: number }>> {
  const context = await monthContext(db, organizationId, budgets, now, budgets.length > 0);
  return new Map(
    budgets.map((budget) => {
      const figures = figuresOf(budget, context);
      const daily = dailyMicros(context, usersOf(budget, context), budget.unit === 'money' ? 'cost' : 'credits');
      return [budget.id, { ...figures, forecast: forecastOf(figures.spent, daily, context.position) }];
    }),
  );
}

/** Members with a credit limit, what they used this month and their month-end forecasts. */
export async function memberFigures(db: Db, organizationId: string, now = new Date()): Promise<MemberFigures[]> {
  const members = await membersWithLimits(db, organizationId);
  const context = await monthContext(db, organizationId, [], now, members.length > 0);
  return members.map(({ userId, email, limit }) => {
    const used = context.used.get(userId) ?? 0;
    const percent = limit === 0 ? 100 : percentOf(used, limit);
    return { userId, email, limit, used, percent, forecast: forecastOf(used, dailyMicros(context, [userId], 'credits'), context.position) };
  });
}
