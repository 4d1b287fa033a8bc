import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { AuditActor } from '../domain/audit.js';
import { creditStanding, type CreditStanding } from '../domain/credit-standing.js';
import { DomainError } from '../domain/errors.js';
import { creditLimitsCountIngestKeyTelemetry } from '../domain/policies.js';
import { currentSettings } from './enterprise-controls.js';
import { appendAudit } from './audit-log.js';
import { creditsUsed } from './credit-usage.js';
import { recordLimitRefusal } from './webhook-events.js';
import { findActiveUsers } from './users.js';

// Credit limits (decisions.md §9): Standard Credits per UTC calendar month. A user's effective
// limit is its override, else the organization's global limit, else none.

export async function globalLimit(db: Db, organizationId: string): Promise<number | null> {
  const row = await db.selectFrom('organization_credit_limits').select('credit_limit').where('organization_id', '=', organizationId).executeTakeFirst();
  return row?.credit_limit ?? null;
}

/** null removes the global limit. A change (not a repeat of the current value) is audited as credit_limit.changed. */
export async function setGlobalLimit(db: Db, organizationId: string, limit: number | null, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('organization_credit_limits').select('credit_limit').where('organization_id', '=', organizationId).forUpdate().executeTakeFirst();
    const before = row?.credit_limit ?? null;
    if (limit === null) {
      await trx.deleteFrom('organization_credit_limits').where('organization_id', '=', organizationId).execute();
    } else {
      await trx
        .insertInto('organization_credit_limits')
        .values({ organization_id: organizationId, credit_limit: limit })
        .onConflict((oc) => oc.column('organization_id').doUpdateSet({ credit_limit: limit }))
        .execute();
    }
    if (before !== limit) {
      await appendAudit(trx, organizationId, { actor, action: 'credit_limit.changed', target: { type: 'credit_limit', id: 'global', label: 'organization' }, details: { scope: 'global', from: before, to: limit } });
    }
  });
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

/**
 * Credits each user used in the month containing `at`, as credit limits count them: without
 * those of ingest-key telemetry when the organization's control says so.
 */
export async function creditsAgainstLimits(db: Db, organizationId: string, userIds: readonly string[], at: Date = new Date()): Promise<Map<string, number>> {
  const ingestKeyTelemetry = creditLimitsCountIngestKeyTelemetry(await currentSettings(db, organizationId));
  return creditsUsed(db, organizationId, userIds, at, { ingestKeyTelemetry });
}

/** The user's effective limit and credits used in the month containing `at`. */
export async function standingOf(db: Db, organizationId: string, userId: string, at: Date = new Date()): Promise<CreditStanding> {
  const [limit, used] = await Promise.all([effectiveLimit(db, organizationId, userId), creditsAgainstLimits(db, organizationId, [userId], at)]);
  return creditStanding(limit, used.get(userId) ?? 0, at.toISOString().slice(0, 7));
}

/**
 * credit_limit_reached once the user's credits used this month reach its effective limit. The
 * month's first refusal of the user is recorded with its member.limit_refused event.
 */
export async function assertUnderCreditLimit(db: Db, organizationId: string, userId: string): Promise<void> {
  const limit = await effectiveLimit(db, organizationId, userId);
  if (limit === null) return;
  const used = (await creditsAgainstLimits(db, organizationId, [userId])).get(userId) ?? 0;
  if (used >= limit) {
    await recordLimitRefusal(db, organizationId, userId, { limit, used });
    throw new DomainError('credit_limit_reached', `monthly credit limit reached: ${used} of ${limit} Standard Credits used this month (UTC)`);
  }
}

export interface UserLimitEntry {
  email: string;
  /** null removes the override. */
  limit: number | null;
}

/**
 * Sets per-user overrides in bulk (decisions.md §9): entries that cannot apply (not an active
 * user, a negative limit, a repeat of an earlier entry's e-mail) come back as errors, the others
 * are applied in one transaction, in user-id order so concurrent bulk writes never deadlock.
 */
export async function setUserLimits(db: Db, organizationId: string, entries: readonly UserLimitEntry[], actor: AuditActor) {
  const users = await findActiveUsers(db, organizationId, { emails: entries.map((entry) => entry.email) });
  const userIds = new Map(users.map((user) => [user.email.toLowerCase(), user.id]));
  const seen = new Set<string>();
  const updated: (UserLimitEntry & { userId: string })[] = [];
  const errors: { email: string; error: string }[] = [];
  for (const { email, limit } of entries) {
    const key = email.toLowerCase();
    const userId = userIds.get(key);
    if (seen.has(key)) errors.push({ email, error: 'repeats the e-mail of an earlier entry' });
    else if (limit !== null && limit < 0) errors.push({ email, error: 'limit must be an integer >= 0, or null to remove the limit' });
    else if (userId === undefined) errors.push({ email, error: 'not an active user of this organization' });
    else updated.push({ email, limit, userId });
    seen.add(key);
  }
  const inLockOrder = [...updated].sort((a, b) => (a.userId < b.userId ? -1 : 1));
  await db.transaction().execute(async (trx) => {
    const current =
      inLockOrder.length === 0
        ? []
        : await trx
            .selectFrom('user_credit_limits')
            .select(['user_id', 'credit_limit'])
            .where('organization_id', '=', organizationId)
            .where('user_id', 'in', inLockOrder.map((entry) => entry.userId))
            .execute();
    const before = new Map(current.map((row) => [row.user_id, row.credit_limit]));
    for (const entry of inLockOrder) {
      await setUserLimit(trx, organizationId, entry.userId, entry.limit);
      // One entry per member whose override changed; a repeat of the current value is no change.
      const from = before.get(entry.userId) ?? null;
      if (from === entry.limit) continue;
      await appendAudit(trx, organizationId, {
        actor,
        action: 'credit_limit.changed',
        target: { type: 'credit_limit', id: entry.userId, label: entry.email },
        details: { scope: 'user', userId: entry.userId, from, to: entry.limit },
      });
    }
  });
  return { updated: updated.map(({ email, limit }) => ({ email, limit })), errors };
}

export interface MemberLimit {
  userId: string;
  email: string;
  limit: number;
}

/** The organization's active users that have an effective limit (their own, else the global one), by e-mail. */
export async function membersWithLimits(db: Db, organizationId: string): Promise<MemberLimit[]> {
  const global = await globalLimit(db, organizationId);
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('user_credit_limits as l', (join) => join.onRef('l.user_id', '=', 'u.id').onRef('l.organization_id', '=', 'u.organization_id'))
    .select(['u.id', 'u.email', 'l.credit_limit'])
    .where('u.organization_id', '=', organizationId)
    .where('u.active', '=', true)
    .orderBy(sql`u.email COLLATE "C"`)
    .execute();
  return rows.flatMap((row) => {
    const limit = row.credit_limit ?? global;
    return limit === null ? [] : [{ userId: row.id, email: row.email, limit }];
  });
}
