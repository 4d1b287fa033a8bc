import type { Db } from '../db/store.js';
import { runPendingRollups } from '../analytics/rollup.js';
import type { Job } from './job.js';

// The background daily batch: every ROLLUP_INTERVAL_MS, aggregate every pending day. Replicas
// share the work through claims (analytics/pending-days.ts).
export function rollupJob(db: Db, intervalMs: number): Job {
  return { name: 'analytics rollup', intervalMs, runOnce: () => runPendingRollups(db) };
}
