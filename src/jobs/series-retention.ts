import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { SERIES_RETENTION_DAYS } from '../otlp/cumulative.js';
import type { Job } from './job.js';

// OTLP series retention (docs/otel.md, "Counted exactly once"): the state of cumulative series
// whose last point is more than SERIES_RETENTION_DAYS old is deleted, hourly. A fleet makes new
// series with every restarted process; without this the table grows by every series ever seen.
// Deleted in batches by the updated_at index, each its own short statement, so exports that lock
// other series never wait long; replicas running it at once delete disjoint or already-gone rows.

const HOUR_MS = 3_600_000;
const BATCH = 10_000;

/** Deletes the series state older than the retention; returns how many rows. */
export async function deleteStaleSeries(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SERIES_RETENTION_DAYS * 86_400_000);
  let deleted = 0;
  for (;;) {
    const result = await sql`
      DELETE FROM otlp_cumulative_series WHERE ctid IN (
        SELECT ctid FROM otlp_cumulative_series WHERE updated_at < ${before} LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`.execute(db);
    const rows = Number(result.numAffectedRows ?? 0);
    deleted += rows;
    if (rows < BATCH) return deleted;
  }
}

export function seriesRetentionJob(db: Db, intervalMs: number = HOUR_MS): Job {
  return { name: 'OTLP series retention', intervalMs, firstRunMs: Math.min(60_000, intervalMs), runOnce: () => deleteStaleSeries(db) };
}
