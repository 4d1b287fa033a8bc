import { sql } from 'kysely';
import type { Db } from '../db/store.js';

// The rollup's work list: organization-days whose aggregates must be (re)computed. Ingestion
// marks days; a rollup claims ended days with a short lease that it renews while it works
// (renewClaims), so across replicas each day is computed by one of them at a time, and the days
// of a replica that dies mid-way are taken over once its lease lapses (CLAIM_LEASE_MS). The
// embedded store serves one process, so every claim found at its start is a dead one: clearClaims.

/** How long a claim lasts without renewal: the longest a dead claimer delays its days. */
export const CLAIM_LEASE_MS = 10_000;
/** How often a working rollup renews its claims (well within the lease). */
export const CLAIM_RENEW_MS = 3_000;
const CLAIM_LEASE = `${CLAIM_LEASE_MS} milliseconds`;
/**
 * Days whose events telemetry retention kept (docs/retention.md): a day before them keeps its
 * rollups as they are, never computed again from events that are gone. Marks of such days are
 * not made (migrations/0063) and are deleted by the retention pass; this covers one made meanwhile.
 */
const ofKeptDays = sql`day >= coalesce((SELECT closed_before FROM telemetry_retention), '-infinity'::date)`;

export interface PendingDay {
  organizationId: string;
  day: string;
  version: number;
}

/**
 * Marks days pending (again), each with the `following` days after it, by the database's own
 * function (migrations/0038), which the events' trigger calls for every batch stored: the rules
 * of what is marked and what is locked are written there once.
 */
export async function markDaysPending(db: Db, organizationId: string, days: readonly string[], following = 0): Promise<void> {
  if (days.length === 0) return;
  await sql`SELECT analytics_mark_days_pending(${organizationId}, ${days}::date[], ${following}::integer)`.execute(db);
}

/** Claims up to `limit` unclaimed pending days that ended before `today`. */
export async function claimPendingDays(db: Db, today: string, limit: number): Promise<PendingDay[]> {
  const result = await sql<{ organization_id: string; day: string; version: number }>`
    UPDATE analytics_pending_days p SET claimed_until = now() + ${CLAIM_LEASE}::interval
    FROM (
      SELECT organization_id, day FROM analytics_pending_days
      WHERE day < ${today}::date AND (claimed_until IS NULL OR claimed_until < now())
        AND ${ofKeptDays}
      ORDER BY day, organization_id LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) c
    WHERE p.organization_id = c.organization_id AND p.day = c.day
    RETURNING p.organization_id, p.day, p.version`.execute(db);
  // In day order (RETURNING keeps none): a day's active-user windows then mostly find the earlier
  // days of the batch settled, and read their user rows instead of raw events.
  return result.rows
    .map((row) => ({ organizationId: row.organization_id, day: row.day, version: row.version }))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.organizationId < b.organizationId ? -1 : a.organizationId > b.organizationId ? 1 : 0));
}

/** Extends the lease of days this rollup is still working on. */
export async function renewClaims(db: Db, claimed: readonly PendingDay[]): Promise<void> {
  for (const { organizationId, day } of claimed) {
    await db
      .updateTable('analytics_pending_days')
      .set({ claimed_until: sql`now() + ${CLAIM_LEASE}::interval` })
      .where('organization_id', '=', organizationId)
      .where('day', '=', day)
      .where('claimed_until', 'is not', null)
      .execute();
  }
}

/** Forgets every claim (embedded store at start: their claimer was this process's predecessor). */
export async function clearClaims(db: Db): Promise<void> {
  await db.updateTable('analytics_pending_days').set({ claimed_until: null }).where('claimed_until', 'is not', null).execute();
}

/**
 * Done with a claimed day: removed when nothing arrived meanwhile, else left for the next run
 * (its claim dropped). As two parts of a WITH clause (`released`, `unclaimed`), so that a
 * statement that writes the day's rows releases it too (rollup.ts); only one of the two acts.
 */
export function releaseOf(claimed: PendingDay) {
  const ofTheDay = sql`organization_id = ${claimed.organizationId} AND day = ${claimed.day}::date`;
  return sql`released AS (
      DELETE FROM analytics_pending_days WHERE ${ofTheDay} AND version = ${claimed.version} RETURNING day
    ),
    unclaimed AS (
      UPDATE analytics_pending_days SET claimed_until = NULL WHERE ${ofTheDay} AND NOT EXISTS (SELECT FROM released)
    )`;
}

export async function releasePendingDay(db: Db, claimed: PendingDay): Promise<void> {
  await sql`WITH ${releaseOf(claimed)} SELECT`.execute(db);
}

/** Ended days still waiting, claimed or not. */
export async function countPendingDays(db: Db, today: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM analytics_pending_days WHERE day < ${today}::date AND ${ofKeptDays}`.execute(db);
  return rows[0]!.n;
}
