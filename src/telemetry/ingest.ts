import { extname } from 'node:path';
import { CompiledQuery, type Insertable } from 'kysely';
import type { Db } from '../db/store.js';
import { EVENT_COLUMNS, unnestOf, type TelemetryEventsTable } from '../db/tables/telemetry.js';
import { addDays } from '../domain/dates.js';
import { invalidInput } from '../domain/errors.js';
import { sumCredits } from '../domain/micro-credits.js';
import { addCreditsByMonth, monthOf, type CreditAddition } from '../repositories/credit-usage.js';
import { findUser } from '../repositories/users.js';
import { markDaysPending } from '../analytics/pending-days.js';
import { standardCredits, type ModelCatalogue } from './credits.js';
import { checkEvents, type CheckedEvent, type TelemetryEvent } from './events.js';
import { ensureEventPartitions } from './partitions.js';

// Storing telemetry: all events of a batch in one short transaction, idempotent per
// (organization, event id), with the credit counter and the rollup's pending days updated in the
// same transaction, so a retry never counts twice and a late event is never missed.

export interface IngestResult {
  /** Events newly stored. */
  accepted: number;
  /** Events whose id was already stored, also earlier in the same batch. */
  duplicates: number;
}

export interface AttributedEvent extends CheckedEvent<TelemetryEvent> {
  userId: string;
}

/** A later day's active-user windows (WAU over 7 days, MAU over 30) include this day. */
const ACTIVE_WINDOW_DAYS = 30;

/**
 * Records already-typed events of one user of the organization, with the same rules as
 * POST /api/v1/telemetry/events (types, timestamps, idempotency, credits). Invalid events or an
 * unknown/deactivated user: invalid_input, nothing stored.
 */
export async function recordEvents(
  db: Db,
  catalogue: ModelCatalogue,
  organizationId: string,
  userId: string,
  events: readonly TelemetryEvent[],
  now: Date = new Date(),
): Promise<IngestResult> {
  const checked = checkEvents(events, 'events', now);
  const user = await findUser(db, organizationId, userId);
  if (!user?.active) throw invalidInput(`user ${userId} is not an active user of the organization`);
  return storeEvents(db, catalogue, organizationId, checked.map((event) => ({ ...event, userId })));
}

// One statement stores a batch's new events: the ids go in first (ON CONFLICT DO NOTHING), then the
// events whose id went in. Each column travels as one array parameter, unnest()ed in the database:
// a few dozen parameters per batch instead of one per value, which PostgreSQL parses far faster.
const BATCH_COLUMNS = EVENT_COLUMNS.filter((column) => column !== 'organization_id');
const INSERT_NEW_EVENTS = `WITH batch AS (SELECT * FROM ${unnestOf(BATCH_COLUMNS, 2, 'batch')}),
  new_ids AS (
    INSERT INTO telemetry_event_ids (organization_id, id, day) SELECT $1, id, day FROM batch
    ON CONFLICT (organization_id, id) DO NOTHING RETURNING id
  )
  INSERT INTO telemetry_events (organization_id, ${BATCH_COLUMNS.join(', ')})
  SELECT $1, batch.* FROM batch WHERE id IN (SELECT id FROM new_ids)
  RETURNING id`;

type EventRow = Insertable<TelemetryEventsTable>;

/** Stores checked, attributed events. */
export async function storeEvents(db: Db, catalogue: ModelCatalogue, organizationId: string, events: readonly AttributedEvent[]): Promise<IngestResult> {
  if (events.length === 0) return { accepted: 0, duplicates: 0 };
  // One order for every batch: two concurrent batches with shared ids cannot deadlock. An id
  // repeated within the batch keeps its first event.
  const byId = new Map<string, EventRow>();
  for (const event of events) if (!byId.has(event.event.id)) byId.set(event.event.id, rowOf(organizationId, event, catalogue));
  const rows = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const columns = BATCH_COLUMNS.map((column) => rows.map((row) => sqlValue(row[column])));
  await ensureEventPartitions(db, rows.map((row) => row.day));
  const stored = await db.transaction().execute(async (trx) => {
    const fresh = await trx.executeQuery<{ id: string }>(CompiledQuery.raw(INSERT_NEW_EVENTS, [organizationId, ...columns]));
    const freshIds = new Set(fresh.rows.map((row) => row.id));
    const newRows = rows.filter((row) => freshIds.has(row.id));
    if (newRows.length === 0) return newRows;
    // Sorted, like the ids before and the pending days after: concurrent batches of several users
    // take their row locks in one order and cannot deadlock.
    await addCreditsByMonth(trx, organizationId, creditsByUserMonth(newRows));
    const days = new Set(newRows.map((row) => row.day));
    await markDaysPending(trx, organizationId, [...days].flatMap((day) => Array.from({ length: ACTIVE_WINDOW_DAYS }, (_, i) => addDays(day, i))));
    return newRows;
  });
  return { accepted: stored.length, duplicates: events.length - stored.length };
}

/** A value as an element of an array parameter: instants as ISO text (the driver would format them in local time). */
function sqlValue(value: EventRow[keyof EventRow]): string | number | null {
  return value instanceof Date ? value.toISOString() : (value ?? null);
}

/** The credits of the rows per user and month, sorted by user, then month. */
function creditsByUserMonth(rows: readonly Pick<EventRow, 'user_id' | 'occurred_at' | 'credits'>[]): CreditAddition[] {
  const totals = new Map<string, CreditAddition>();
  for (const row of rows) {
    if (!row.credits) continue;
    const month = monthOf(row.occurred_at);
    const key = `${row.user_id}|${month}`;
    const total = totals.get(key);
    totals.set(key, { userId: row.user_id, month, credits: sumCredits([total?.credits, row.credits]) });
  }
  return [...totals.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, total]) => total);
}

/** The file's extension as `path.extname` finds it, lower case, without the dot; `(none)` when empty. */
export function extensionOf(path: string): string {
  return extname(path).slice(1).toLowerCase() || '(none)';
}

function rowOf(organizationId: string, { event, at, day, userId }: AttributedEvent, catalogue: ModelCatalogue): EventRow {
  const row: EventRow = {
    organization_id: organizationId,
    id: event.id,
    day,
    occurred_at: at,
    user_id: userId,
    session_id: event.sessionId,
    client: event.client,
    type: event.type,
  };
  switch (event.type) {
    case 'user_message':
      return { ...row, autonomy_mode: event.autonomyMode };
    case 'model_call':
      return {
        ...row,
        model_id: event.modelId,
        model_tier: event.modelTier,
        input_tokens: event.inputTokens,
        output_tokens: event.outputTokens,
        cache_read_tokens: event.cacheReadTokens,
        cache_write_tokens: event.cacheWriteTokens,
        credits: standardCredits(event, catalogue),
      };
    case 'tool_call':
      return { ...row, tool: event.tool, mcp_server: event.mcpServer ?? null, autonomy_level: event.autonomyLevel };
    case 'skill':
    case 'slash_command':
      return { ...row, name: event.name };
    case 'hook':
      return { ...row, hook_event: event.event, hook_matcher: event.matcher, hook_command: event.command };
    case 'file_created':
    case 'file_edited':
      return { ...row, path: event.path, extension: extensionOf(event.path), language: event.language };
    default:
      return row;
  }
}
