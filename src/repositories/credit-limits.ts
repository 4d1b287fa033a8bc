import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { ApiError } from '../http/errors.js';
import { creditsUsed } from './credit-usage.js';

// Credit limits (decisions.md §9): Standard Credits per UTC calendar month. A user's effective
// limit is its override, else the organization's global limit, else none.

export async function globalLimit(db: Db, organizationId: string): Promise<number | null> {
  const row = await db.selectFrom('organization_credit_limits').select('credit_limit').where('organization_id', '=', organizationId).executeTakeFirst();
  return row?.credit_limit ?? null;
}

/** null removes the global limit. */
export async function setGlobalLimit(db: Db, organizationId: string, limit: number | null): Promise<void> {
  if (limit === null) {
    await db.deleteFrom('organization_credit_limits').where('organization_id', '=', organizationId).execute();
    return;
  }
  await db
    .insertInto('organization_credit_limits')
    .values({ organization_id: organizationId, credit_limit: limit })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet({ credit_limit: limit }))
    .execute();
}

/** null removes the user's override. */
export async function setUserLimit(db: Db, organizationId: string, userId: string, limit: number | null): Promise<void> {
  if (limit === null) {
    await db.deleteFrom('user_credit_limits').where('organization_id', '=', organizationId).where('user_id', '=', userId).execute();
    return;
  }
  await db
    .insertInto('user_credit_limits')
    .values({ organization_id: organizationId, user_id: userId, credit_limit: limit })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doUpdateSet({ credit_limit: limit }))
    .execute();
}

/**
 * Sets several users' overrides in one transaction. The rows are written in user-id order, so
 * concurrent bulk writes naming the same users in other orders wait for each other instead of
 * deadlocking (each takes its row locks in the same order).
 */
export async function setUserLimits(db: Db, organizationId: string, changes: readonly { userId: string; limit: number | null }[]): Promise<void> {
  const ordered = [...changes].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  await db.transaction().execute(async (trx) => {
    for (const change of ordered) await setUserLimit(trx, organizationId, change.userId, change.limit);
  });
}

export interface UserLimit {
  userId: string;
  email: string;
  limit: number;
}

/** Every per-user override of the organization, by e-mail. */
export async function listUserLimits(db: Db, organizationId: string): Promise<UserLimit[]> {
  const rows = await db
    .selectFrom('user_credit_limits as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.user_id', 'u.email', 'l.credit_limit'])
    .where('l.organization_id', '=', organizationId)
    .orderBy(sql`u.email COLLATE "C"`)
    .execute();
  return rows.map((row) => ({ userId: row.user_id, email: row.email, limit: row.credit_limit }));
}

export async function effectiveLimit(db: Db, organizationId: string, userId: string): Promise<number | null> {
  const override = await db
    .selectFrom('user_credit_limits')
    .select('credit_limit')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return override ? override.credit_limit : globalLimit(db, organizationId);
}

/** 402 once the user's credits used this month reach its effective limit. */
export async function assertUnderCreditLimit(db: Db, organizationId: string, userId: string): Promise<void> {
  const limit = await effectiveLimit(db, organizationId, userId);
  if (limit === null) return;
  const used = (await creditsUsed(db, organizationId, [userId])).get(userId) ?? 0;
  if (used >= limit) {
    throw new ApiError('payment_required', `monthly credit limit reached: ${used} of ${limit} Standard Credits used this month (UTC)`);
  }
}

/** Active users of the organization among the given e-mails, by lower-case e-mail. */
export async function activeUsersByEmail(db: Db, organizationId: string, emails: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('organization_id', '=', organizationId)
    .where('active', '=', true)
    .where(sql<string>`lower(email)`, 'in', [...new Set(emails.map((email) => email.toLowerCase()))])
    .execute();
  return new Map(rows.map((row) => [row.email.toLowerCase(), row.id]));
}
