import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { CheckedEvent, TelemetryEvent } from './events.js';

// Events of an identity no member matches yet (senders.ts): kept as the checked Quarterdeck event
// they were translated into (never the agent's raw record: no prompt, response or tool output is
// in them), counted nowhere until an admin links the identity to a member.

export interface WaitingEvent extends CheckedEvent<TelemetryEvent> {
  identityId: string;
  /** Only ingest keys leave events unattributed. */
  ingestKeyId: string;
}

/**
 * Keeps events for their identities, inside the caller's transaction. An event whose id is
 * already waiting, or already stored for a member, is a duplicate. Returns the waiting events that
 * were new (the first of an id repeated within the batch), so that the rest are tallied as duplicates.
 */
export async function keepUnattributed(trx: Db, organizationId: string, events: readonly WaitingEvent[]): Promise<Set<WaitingEvent>> {
  const firsts = new Map<string, WaitingEvent>();
  for (const waiting of events) if (!firsts.has(waiting.event.id)) firsts.set(waiting.event.id, waiting);
  const unique = [...firsts.values()].sort((a, b) => (a.event.id < b.event.id ? -1 : 1));
  if (unique.length === 0) return new Set();
  const { rows } = await sql<{ id: string }>`
    INSERT INTO telemetry_unattributed_events (organization_id, id, identity_id, day, event, ingest_key_id)
    SELECT ${organizationId}, waiting.id, waiting.identity_id, waiting.day, waiting.event, waiting.ingest_key_id
    FROM unnest(${unique.map((w) => w.event.id)}::text[], ${unique.map((w) => w.identityId)}::text[], ${unique.map((w) => w.day)}::date[], ${unique.map((w) => JSON.stringify(w.event))}::json[],
      ${unique.map((w) => w.ingestKeyId)}::text[])
      AS waiting (id, identity_id, day, event, ingest_key_id)
    WHERE NOT EXISTS (SELECT 1 FROM telemetry_event_ids stored WHERE stored.organization_id = ${organizationId} AND stored.id = waiting.id)
    ON CONFLICT (organization_id, id) DO NOTHING
    RETURNING id`.execute(trx);
  return new Set(rows.map((row) => firsts.get(row.id)!));
}
