import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { rejectFieldErrors, type FieldError } from '../domain/errors.js';

// Telemetry retention (docs/retention.md): events whose UTC day is before the stored first kept
// day (telemetry_retention.closed_before, migrations/0063) were dropped with their month's
// partition and their idempotency keys, so ingestion must refuse them: their id is no longer
// known, and a re-sent event would be counted a second time. The retention job moves that day
// forward before it deletes any key; ingestion reads it FOR SHARE inside its own transaction, so
// the job's update waits for the batches in flight, and every batch after it sees the new day.

/** The first day kept, as stored; undefined while nothing was ever dropped. Read without a lock. */
export async function closedBefore(db: Db): Promise<string | undefined> {
  const { rows } = await sql<{ closed_before: string | null }>`SELECT closed_before::text AS closed_before FROM telemetry_retention`.execute(db);
  return rows[0]?.closed_before ?? undefined;
}

/**
 * The first day kept, read inside an ingestion transaction with a share lock on the row: the
 * retention job cannot move it until this transaction ends, so a key written here is never one
 * the job is deleting.
 */
export async function closedBeforeLocked(trx: Db): Promise<string | undefined> {
  const { rows } = await sql<{ closed_before: string | null }>`SELECT closed_before::text AS closed_before FROM telemetry_retention FOR SHARE`.execute(trx);
  return rows[0]?.closed_before ?? undefined;
}

/** Why an event of `day` is refused when days before `firstKept` are dropped. */
export const tooOldProblem = (day: string, firstKept: string) =>
  `its day ${day} is before ${firstKept}, the first day telemetry retention keeps: older events were dropped with their ids, so it cannot be stored again (docs/retention.md)`;

/**
 * Refuses the whole batch (invalid_input, a field error per old event) when one event's day is
 * before the first kept day; takes the share lock of closedBeforeLocked for the transaction.
 */
export async function refuseDroppedDays(trx: Db, days: readonly string[], at: string): Promise<void> {
  const firstKept = await closedBeforeLocked(trx);
  if (firstKept === undefined) return;
  const errors: FieldError[] = [];
  days.forEach((day, i) => {
    if (day < firstKept) errors.push({ path: `${at}/${i}/timestamp`, message: tooOldProblem(day, firstKept) });
  });
  rejectFieldErrors(errors);
}
