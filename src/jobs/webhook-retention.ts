import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { Job } from './job.js';

// Webhook history retention (docs/webhooks.md "History"): deliveries settled (succeeded or
// failed) more than WEBHOOK_HISTORY_DAYS ago go with their log, then outbox events fanned out
// that long ago and left without deliveries. Pending deliveries and their events stay, however
// old. Hourly, in batches of short statements; replicas running it at once skip each other's rows.

export const WEBHOOK_HISTORY_DAYS = 30;
const HOUR_MS = 3_600_000;
const BATCH = 5_000;

async function deleteInBatches(db: Db, statement: () => ReturnType<typeof sql>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = Number((await statement().execute(db)).numAffectedRows ?? 0);
    deleted += rows;
    if (rows < BATCH) return deleted;
  }
}

/** Deletes the history older than the retention; answers how many deliveries and events. */
export async function deleteOldWebhookHistory(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_HISTORY_DAYS * 86_400_000);
  const deliveries = await deleteInBatches(db, () => sql`
    DELETE FROM webhook_deliveries WHERE id IN (
      SELECT id FROM webhook_deliveries WHERE status <> 'pending' AND retry_window_start < ${before} LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`);
  const events = await deleteInBatches(db, () => sql`
    DELETE FROM webhook_events WHERE id IN (
      SELECT e.id FROM webhook_events e
      WHERE e.fanned_out_at < ${before} AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)
      LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`);
  return deliveries + events;
}

export function webhookRetentionJob(db: Db, intervalMs: number = HOUR_MS): Job {
  return { name: 'webhook history retention', intervalMs, firstRunMs: Math.min(60_000, intervalMs), runOnce: () => deleteOldWebhookHistory(db) };
}
