import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { addDays } from '../domain/dates.js';
import { closedBefore } from './retention.js';

// The monthly partitions of telemetry_events (migrations/0003_telemetry.sql), created on demand
// before events of a new month are stored. Replicas may race for the same month: an advisory lock
// per month serializes them, and CREATE ... IF NOT EXISTS makes the loser's attempt a no-op.

/** Days before this share one partition made by the migration. */
const FIRST_MONTHLY_PARTITION = '2026-01';
const PARTITION_LOCK_ID = 8_115_003;

/** Months known to have a partition, per store: after the first event of a month, no DDL. */
const knownMonths = new WeakMap<Db, Set<string>>();

/** Serializes the creation and the drop (jobs/telemetry-retention.ts) of a month's partition, until the transaction ends. */
export async function lockPartition(trx: Db, month: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK_ID}, hashtext(${month}))`.execute(trx);
}

/** Makes sure every day of `days` (YYYY-MM-DD) has its partition. */
export async function ensureEventPartitions(db: Db, days: Iterable<string>): Promise<void> {
  let known = knownMonths.get(db);
  if (!known) knownMonths.set(db, (known = new Set()));
  const months = new Set<string>();
  for (const day of days) {
    const month = day.slice(0, 7);
    if (month >= FIRST_MONTHLY_PARTITION && !known.has(month)) months.add(month);
  }
  for (const month of months) {
    await db.transaction().execute(async (trx) => {
      await lockPartition(trx, month);
      // A month telemetry retention dropped is not made again: its events are refused.
      const firstKept = await closedBefore(trx);
      if (firstKept !== undefined && `${month}-01` < firstKept) return;
      // month is YYYY-MM from a checked day, so the identifier and literals are safe to inline.
      const table = `telemetry_events_${month.replace('-', '_')}`;
      const nextMonth = addDays(`${month}-01`, 31).slice(0, 7);
      await sql
        .raw(`CREATE TABLE IF NOT EXISTS ${table} PARTITION OF telemetry_events FOR VALUES FROM ('${month}-01') TO ('${nextMonth}-01')`)
        .execute(trx);
    });
    known.add(month);
  }
}
