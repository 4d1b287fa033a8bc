import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { AuditActor } from '../domain/audit.js';
import { invalidInput, notFound } from '../domain/errors.js';
import { appendAudit } from './audit-log.js';

// Voiding what an ingest key sent (docs/otel.md "Voiding what an ingest key sent"): an owner
// removes the events one ingest key delivered in a span of time, optionally for one member. The
// days they fell on are counted again from the events that remain, by the same triggers that
// count events as they are stored (migrations/0035, 0037, 0038), so a void can never count a day
// differently from ingestion: the days' remaining events are taken out and put back in one
// statement, after their cells, sessions and month credits were taken away. The days are marked
// pending, so the rollup re-rolls them (and the 29 days after, whose windows include them).
// Event ids stay claimed: a sender retrying the voided export is told they are duplicates.

export interface VoidSelection {
  ingestKeyId: string;
  /** Received at or after. */
  from: Date;
  /** Received before. */
  to: Date;
  userId?: string | undefined;
}

export interface VoidResult {
  voided: number;
  /** The UTC days whose analytics change, ascending. */
  days: string[];
}

export async function voidIngestKeyEvents(db: Db, organizationId: string, selection: VoidSelection, actor: AuditActor): Promise<VoidResult> {
  if (selection.from.getTime() >= selection.to.getTime()) throw invalidInput('from must be before to', [{ path: 'body/to', message: 'must be after from' }]);
  const key = await db.selectFrom('api_keys').select(['id', 'name', 'prefix']).where('organization_id', '=', organizationId).where('id', '=', selection.ingestKeyId).where('kind', '=', 'ingest').executeTakeFirst();
  if (!key) throw notFound('ingest key');
  return db.transaction().execute(async (trx) => {
    // Ingestion adds to cells and sessions as it stores events: it waits while their days are
    // counted again (and this waits for ingestions in progress), so no event is missed or counted
    // twice. Taken first, before any row of the month's credits.
    await sql`LOCK TABLE telemetry_day_cells, telemetry_day_sessions IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    const voided = sql`organization_id = ${organizationId} AND ingest_key_id = ${key.id}
      AND received_at >= ${selection.from} AND received_at < ${selection.to}
      ${selection.userId === undefined ? sql`` : sql`AND user_id = ${selection.userId}`}`;
    const { rows: found } = await sql<{ day: string; events: number }>`SELECT day::text AS day, count(*)::int AS events FROM telemetry_events WHERE ${voided} GROUP BY day ORDER BY day`.execute(trx);
    if (found.length === 0) return { voided: 0, days: [] };
    const days = found.map((row) => row.day);
    const ofTheDays = sql`organization_id = ${organizationId} AND day = ANY(${days}::date[])`;
    // The days' credits leave their months; those of the events that stay come back with them.
    await sql`UPDATE monthly_credit_usage AS usage SET credits = usage.credits - days.credits, ingest_key_credits = usage.ingest_key_credits - days.ingest_key_credits
      FROM (SELECT user_id, day - extract(day FROM day)::integer + 1 AS month, sum(credits) AS credits,
              coalesce(sum(credits) FILTER (WHERE ingest_key_id IS NOT NULL), 0) AS ingest_key_credits
            FROM telemetry_events WHERE ${ofTheDays} AND credits <> 0 GROUP BY 1, 2) AS days
      WHERE usage.organization_id = ${organizationId} AND usage.user_id = days.user_id AND usage.month = days.month`.execute(trx);
    await sql`DELETE FROM telemetry_day_cells WHERE ${ofTheDays}`.execute(trx);
    await sql`DELETE FROM telemetry_day_sessions WHERE ${ofTheDays}`.execute(trx);
    await sql`WITH taken AS (DELETE FROM telemetry_events WHERE ${ofTheDays} RETURNING *)
      INSERT INTO telemetry_events SELECT * FROM taken WHERE NOT coalesce(${voided}, false)`.execute(trx);
    const result = { voided: found.reduce((sum, row) => sum + row.events, 0), days };
    await appendAudit(trx, organizationId, {
      actor,
      action: 'telemetry.voided',
      target: { type: 'api_key', id: key.id, label: `${key.name} (${key.prefix})` },
      details: { from: selection.from.toISOString(), to: selection.to.toISOString(), userId: selection.userId ?? null, events: result.voided, days },
    });
    return result;
  });
}
