import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { AuditActor } from '../domain/audit.js';
import { DEFAULT_THRESHOLDS, normalizedThresholds, type BudgetScope, type BudgetUnit } from '../domain/budgets.js';
import { DomainError, notFound } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { toSixDecimals } from '../domain/micro-credits.js';
import type { WebhookEventPayloads } from '../domain/webhook-events.js';
import { appendAudit } from './audit-log.js';
import { findTeam } from './teams.js';
import { recordEvent } from './webhook-events.js';

// Budgets of an organization (docs/budgets.md), the thresholds they crossed per month, and
// members' credit limits reached per month. Every call takes the organization id: another
// organization's budget or team is not found.

export interface BudgetRecord {
  id: string;
  scope: BudgetScope;
  teamId: string | null;
  unit: BudgetUnit;
  amount: number;
  thresholds: number[];
  createdAt: Date;
  updatedAt: Date;
}

export interface BudgetInput {
  scope: BudgetScope;
  teamId?: string;
  unit: BudgetUnit;
  amount: number;
  thresholds?: number[];
}

export interface CrossingRecord {
  threshold: number;
  spent: number;
  crossedAt: Date;
}

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

const columns = ['id', 'team_id', 'unit', 'amount', 'thresholds', 'created_at', 'updated_at'] as const;
type Row = { id: string; team_id: string | null; unit: string; amount: number; thresholds: number[]; created_at: Date; updated_at: Date };

function toRecord(row: Row): BudgetRecord {
  return {
    id: row.id,
    scope: row.team_id === null ? 'organization' : 'team',
    teamId: row.team_id,
    unit: row.unit as BudgetUnit,
    amount: row.amount,
    thresholds: row.thresholds,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const budgetsOf = (db: Db, organizationId: string) => db.selectFrom('budgets').select(columns).where('organization_id', '=', organizationId);

export async function listBudgets(db: Db, organizationId: string, page?: { after: string | undefined; limit: number }): Promise<BudgetRecord[]> {
  let query = budgetsOf(db, organizationId).orderBy('id');
  if (page?.after !== undefined) query = query.where('id', '>', page.after);
  if (page) query = query.limit(page.limit);
  return (await query.execute()).map(toRecord);
}

export async function findBudget(db: Db, organizationId: string, budgetId: string): Promise<BudgetRecord> {
  const row = await budgetsOf(db, organizationId).where('id', '=', budgetId).executeTakeFirst();
  if (!row) throw notFound('budget');
  return toRecord(row);
}

/**
 * At most one budget per scope (the organization, each team): a second is 409. A team budget's
 * team must be one of the organization's (404 otherwise, also when it is deleted meanwhile).
 */
export async function createBudget(db: Db, organizationId: string, input: BudgetInput, actor: AuditActor): Promise<BudgetRecord> {
  const teamId = input.scope === 'team' ? input.teamId! : null;
  if (teamId !== null) await findTeam(db, organizationId, teamId);
  const id = newId('bdg');
  try {
    return await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('budgets')
        .values({
          id,
          organization_id: organizationId,
          team_id: teamId,
          unit: input.unit,
          amount: toSixDecimals(input.amount),
          thresholds: JSON.stringify(normalizedThresholds(input.thresholds ?? DEFAULT_THRESHOLDS)),
        })
        .execute();
      const budget = await findBudget(trx, organizationId, id);
      await appendAudit(trx, organizationId, { actor, action: 'budget.created', target: budgetTarget(budget), details: budgetFigures(budget) });
      return budget;
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === UNIQUE_VIOLATION) throw new DomainError('budget_exists', teamId === null ? 'the organization already has a budget' : `team ${teamId} already has a budget`);
    if (code === FOREIGN_KEY_VIOLATION) throw notFound('team');
    throw error;
  }
}

const budgetTarget = (budget: BudgetRecord) => ({ type: 'budget' as const, id: budget.id, label: budget.teamId === null ? 'organization' : `team ${budget.teamId}` });
const budgetFigures = (budget: BudgetRecord) => ({ scope: budget.teamId === null ? 'organization' : 'team', teamId: budget.teamId, unit: budget.unit, amount: budget.amount, thresholds: budget.thresholds });

/** A new amount or thresholds; the crossings recorded this month stay (docs/budgets.md). */
export async function changeBudget(db: Db, organizationId: string, budgetId: string, changes: { amount?: number; thresholds?: number[] }, actor: AuditActor): Promise<BudgetRecord> {
  return db.transaction().execute(async (trx) => {
    const before = await findBudget(trx, organizationId, budgetId);
    await trx
      .updateTable('budgets')
      .set({
        ...(changes.amount !== undefined && { amount: toSixDecimals(changes.amount) }),
        ...(changes.thresholds !== undefined && { thresholds: JSON.stringify(normalizedThresholds(changes.thresholds)) }),
        updated_at: new Date(),
      })
      .where('organization_id', '=', organizationId)
      .where('id', '=', budgetId)
      .execute();
    const after = await findBudget(trx, organizationId, budgetId);
    await appendAudit(trx, organizationId, { actor, action: 'budget.changed', target: budgetTarget(after), details: { from: budgetFigures(before), to: budgetFigures(after) } });
    return after;
  });
}

/** Deletes the budget with its recorded crossings. */
export async function deleteBudget(db: Db, organizationId: string, budgetId: string, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const budget = await findBudget(trx, organizationId, budgetId);
    await trx.deleteFrom('budgets').where('organization_id', '=', organizationId).where('id', '=', budgetId).execute();
    await appendAudit(trx, organizationId, { actor, action: 'budget.deleted', target: budgetTarget(budget), details: budgetFigures(budget) });
  });
}

/** The thresholds the budget crossed in `month` ('YYYY-MM'), lowest first. */
export async function crossingsOf(db: Db, budgetId: string, month: string): Promise<CrossingRecord[]> {
  const rows = await db.selectFrom('budget_crossings').select(['threshold', 'spent', 'crossed_at']).where('budget_id', '=', budgetId).where('month', '=', `${month}-01`).orderBy('threshold').execute();
  return rows.map((row) => ({ threshold: row.threshold, spent: row.spent, crossedAt: row.crossed_at }));
}

/**
 * Records the thresholds `reached` in the month that were not recorded yet, each with its
 * budget.threshold_crossed event, in one transaction: the primary key lets one check insert a
 * crossing, and only the rows this check inserted get an event, so each threshold is announced
 * once per month however many checks and replicas race. Answers how many it recorded.
 */
export async function recordCrossings(
  db: Db,
  organizationId: string,
  budget: BudgetRecord,
  figures: { month: string; spent: number; currency: string; reached: readonly number[] },
  now = new Date(),
): Promise<number> {
  if (figures.reached.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('budget_crossings')
      .values(figures.reached.map((threshold) => ({ budget_id: budget.id, month: `${figures.month}-01`, threshold, organization_id: organizationId, spent: figures.spent, crossed_at: now })))
      .onConflict((oc) => oc.columns(['organization_id', 'budget_id', 'month', 'threshold']).doNothing())
      .returning('threshold')
      .execute();
    for (const { threshold } of inserted.sort((a, b) => a.threshold - b.threshold)) {
      const payload: WebhookEventPayloads['budget.threshold_crossed'] = {
        budgetId: budget.id,
        scope: budget.scope,
        ...(budget.teamId !== null && { teamId: budget.teamId }),
        unit: budget.unit,
        ...(budget.unit === 'money' && { currency: figures.currency }),
        amount: budget.amount,
        threshold,
        spent: figures.spent,
        month: figures.month,
      };
      await recordEvent(trx, organizationId, 'budget.threshold_crossed', payload, now);
    }
    return inserted.length;
  });
}

/** The thresholds already recorded for each budget of the organization in `month`. */
export async function recordedCrossings(db: Db, organizationId: string, month: string): Promise<Map<string, Set<number>>> {
  const rows = await db.selectFrom('budget_crossings').select(['budget_id', 'threshold']).where('organization_id', '=', organizationId).where('month', '=', `${month}-01`).execute();
  const recorded = new Map<string, Set<number>>();
  for (const row of rows) recorded.set(row.budget_id, (recorded.get(row.budget_id) ?? new Set()).add(row.threshold));
  return recorded;
}

/** Members of the organization whose limit reached was recorded in `month`. */
export async function membersReached(db: Db, organizationId: string, month: string): Promise<Set<string>> {
  const rows = await db.selectFrom('member_limits_reached').select('user_id').where('organization_id', '=', organizationId).where('month', '=', `${month}-01`).execute();
  return new Set(rows.map((row) => row.user_id));
}

/**
 * Records that a member's used credits reached their limit in the month, with its
 * member.limit_reached event, once per member and month (the primary key, like the refusals').
 * Answers whether this call recorded it.
 */
export async function recordLimitReached(db: Db, organizationId: string, figures: { userId: string; month: string; limit: number; used: number }, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('member_limits_reached')
      .values({ organization_id: organizationId, user_id: figures.userId, month: `${figures.month}-01`, reached_at: now })
      .onConflict((oc) => oc.columns(['organization_id', 'user_id', 'month']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!inserted) return false;
    await recordEvent(trx, organizationId, 'member.limit_reached', figures, now);
    return true;
  });
}

/** The warning thresholds already recorded for each member of the organization in `month`. */
export async function membersWarned(db: Db, organizationId: string, month: string): Promise<Map<string, Set<number>>> {
  const rows = await db.selectFrom('member_limit_warnings').select(['user_id', 'threshold']).where('organization_id', '=', organizationId).where('month', '=', `${month}-01`).execute();
  const warned = new Map<string, Set<number>>();
  for (const row of rows) warned.set(row.user_id, (warned.get(row.user_id) ?? new Set()).add(row.threshold));
  return warned;
}

/**
 * Records that a member's used credits reached a warning share of their limit in the month, with
 * its member.limit_warning event, once per member, month and share (the primary key). Answers
 * whether this call recorded it.
 */
export async function recordLimitWarning(db: Db, organizationId: string, figures: { userId: string; month: string; limit: number; used: number; threshold: number }, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('member_limit_warnings')
      .values({ organization_id: organizationId, user_id: figures.userId, month: `${figures.month}-01`, threshold: figures.threshold, warned_at: now })
      .onConflict((oc) => oc.columns(['organization_id', 'user_id', 'month', 'threshold']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!inserted) return false;
    await recordEvent(trx, organizationId, 'member.limit_warning', figures, now);
    return true;
  });
}

/** Organizations with a budget or a credit limit: the ones the budget check looks at. */
export async function organizationsToCheck(db: Db): Promise<string[]> {
  const result = await sql<{ organization_id: string }>`
    SELECT organization_id FROM budgets
    UNION SELECT organization_id FROM organization_credit_limits
    UNION SELECT organization_id FROM user_credit_limits
    ORDER BY organization_id`.execute(db);
  return result.rows.map((row) => row.organization_id);
}
