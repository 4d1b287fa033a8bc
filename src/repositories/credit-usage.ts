import { sql } from 'kysely';
import type { Db } from '../db/store.js';

// Standard Credits used per user and UTC calendar month. Written in the same transaction that
// stores the telemetry events carrying them, so nothing is counted twice or lost.

export function monthOf(at: Date): string {
  return `${at.toISOString().slice(0, 7)}-01`;
}

export async function addCredits(db: Db, organizationId: string, userId: string, at: Date, credits: number): Promise<void> {
  if (credits === 0) return;
  await db
    .insertInto('monthly_credit_usage')
    .values({ organization_id: organizationId, user_id: userId, month: monthOf(at), credits })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id', 'month']).doUpdateSet({ credits: sql`monthly_credit_usage.credits + excluded.credits` }))
    .execute();
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
