import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { dayOf } from '../domain/dates.js';

// Standard Credits used per user and UTC calendar month. Written in the same transaction that
// stores the telemetry events carrying them, so nothing is counted twice or lost.

export function monthOf(at: Date): string {
  return `${dayOf(at).slice(0, 7)}-01`;
}

export interface CreditAddition {
  userId: string;
  /** First day of the UTC month (monthOf). */
  month: string;
  credits: number;
}

export async function addCredits(db: Db, organizationId: string, userId: string, at: Date, credits: number): Promise<void> {
  await addCreditsByMonth(db, organizationId, [{ userId, month: monthOf(at), credits }]);
}

/**
 * Adds to several counters (at most one addition per user and month) in one statement, in the
 * order given: callers that may run
 * concurrently pass them sorted, so they lock the counters in one order and cannot deadlock.
 */
export async function addCreditsByMonth(db: Db, organizationId: string, additions: readonly CreditAddition[]): Promise<void> {
  const added = additions.filter(({ credits }) => credits !== 0);
  if (added.length === 0) return;
  await sql`INSERT INTO monthly_credit_usage (organization_id, user_id, month, credits)
    SELECT ${organizationId}, user_id, month, credits
    FROM unnest(${added.map((a) => a.userId)}::text[], ${added.map((a) => a.month)}::date[], ${added.map((a) => a.credits)}::numeric[]) AS added (user_id, month, credits)
    ON CONFLICT (organization_id, user_id, month) DO UPDATE SET credits = monthly_credit_usage.credits + excluded.credits`.execute(db);
}

/** Credits each given user has used in the month containing `at` (0 when none). */
export async function creditsUsed(db: Db, organizationId: string, userIds: readonly string[], at: Date = new Date()): Promise<Map<string, number>> {
  const used = new Map<string, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return used;
  const rows = await db
    .selectFrom('monthly_credit_usage')
    .select(['user_id', 'credits'])
    .where('organization_id', '=', organizationId)
    .where('month', '=', monthOf(at))
    .where('user_id', 'in', userIds)
    .execute();
  for (const row of rows) used.set(row.user_id, row.credits);
  return used;
}

/** Credits each user of the organization used in the month containing `at`; users without usage are absent. */
export async function creditsUsedByAll(db: Db, organizationId: string, at: Date = new Date()): Promise<Map<string, number>> {
  const rows = await db.selectFrom('monthly_credit_usage').select(['user_id', 'credits']).where('organization_id', '=', organizationId).where('month', '=', monthOf(at)).execute();
  return new Map(rows.map((row) => [row.user_id, row.credits]));
}
