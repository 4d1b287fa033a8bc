import { extname } from 'node:path';
import { CompiledQuery, type Insertable } from 'kysely';
import { copyInRows, type CopyInRows } from '../db/copy-in.js';
import type { Db } from '../db/store.js';
import { EVENT_COLUMNS, unnestOf, type EventColumn, type TelemetryEventsTable } from '../db/tables/telemetry.js';
import { isoInstant } from '../domain/dates.js';
import { invalidInput } from '../domain/errors.js';
import { repoIdOf } from '../domain/repo-id.js';
import { toSixDecimals } from '../domain/micro-credits.js';
import { findUser } from '../repositories/users.js';
import { standardCredits, type ModelCatalogue } from './credits.js';
import { checkEvents, type CheckedEvent, type TelemetryEvent } from './events.js';
import { ensureEventPartitions } from './partitions.js';
import { refuseDroppedDays } from './retention.js';
import { recordSteps, stepOfEvent, type StepDetail } from './session-steps.js';

// Storing telemetry: all events of a batch in one short transaction, idempotent per
// (organization, event id). The statement that writes the events also adds their credits to the
// month's counters, their day's cells and sessions, and marks their days pending for the rollup
// (the table's triggers, migrations/0035, 0037, 0038), so a retry never counts twice and a late
// event is never missed.

export interface IngestResult {
  /** Events newly stored. */
  accepted: number;
  /** Events whose id was already stored, also earlier in the same batch. */
  duplicates: number;
}

export interface AttributedEvent extends CheckedEvent<TelemetryEvent> {
  userId: string;
  /** The ingest key that sent the event; absent for a person's own key or client. */
  ingestKeyId?: string | undefined;
  /** What the record said of the event's session step beyond the event (its outcome, duration, digests). */
  detail?: StepDetail | undefined;
}

/**
 * Records already-typed events of one user of the organization, with the same rules as
 * POST /api/v1/telemetry/events (types, timestamps, idempotency, credits). Invalid events or an
 * unknown/deactivated user: invalid_input, nothing stored. `details` (by event id) says what a
 * record told of its session step beyond the event, as an OTLP record does (the demo's failures).
 */
export async function recordEvents(
  db: Db,
  catalogue: ModelCatalogue,
  organizationId: string,
  userId: string,
  events: readonly TelemetryEvent[],
  now: Date = new Date(),
  details: ReadonlyMap<string, StepDetail> = new Map(),
): Promise<IngestResult> {
  const checked = checkEvents(events, 'events', now);
  const user = await findUser(db, organizationId, userId);
  if (!user?.active) throw invalidInput(`user ${userId} is not an active user of the organization`);
  return storeEvents(db, catalogue, organizationId, checked.map((event) => ({ ...event, userId, detail: details.get(event.event.id) })), { copyIn: false, at: 'events' });
}

// A batch's new events: the ids go in first (ON CONFLICT DO NOTHING), then the events whose id
// went in. On PostgreSQL the events go in through COPY (db/copy-in.ts), PostgreSQL's fastest way
// in. On the embedded store, whose socket does not carry COPY FROM STDIN, one statement does
// both: each column travels as one array parameter, unnest()ed in the database, a few dozen
// parameters per batch instead of one per value, which PostgreSQL parses far faster.
const BATCH_COLUMNS = EVENT_COLUMNS.filter((column) => column !== 'organization_id');
const insertNewIds = (source: string) =>
  `INSERT INTO telemetry_event_ids (organization_id, id, day) SELECT $1, id, day FROM ${source}
    ON CONFLICT (organization_id, id) DO NOTHING RETURNING id`;
const INSERT_NEW_IDS = insertNewIds(unnestOf(['id', 'day'], 2, 'batch'));
const COPY_EVENTS = `COPY telemetry_events (organization_id, ${BATCH_COLUMNS.join(', ')}) FROM STDIN`;
const INSERT_NEW_EVENTS = `WITH batch AS (SELECT * FROM ${unnestOf(BATCH_COLUMNS, 2, 'batch')}),
  new_ids AS (${insertNewIds('batch')})
  INSERT INTO telemetry_events (organization_id, ${BATCH_COLUMNS.join(', ')})
  SELECT $1, batch.* FROM batch WHERE id IN (SELECT id FROM new_ids)
  RETURNING id`;

type BatchColumn = Exclude<EventColumn, 'organization_id'>;
/** The values of a column, as elements of its array parameter: instants as ISO text. */
type ColumnValues<C extends BatchColumn> = (C extends 'occurred_at' ? string : Exclude<Insertable<TelemetryEventsTable>[C], undefined>)[];
/** A batch as one array per column, the parameters $2... of INSERT_NEW_EVENTS. */
type Columns = { [C in BatchColumn]: ColumnValues<C> };

export interface StoreOptions {
  /** PostgreSQL: the events go in through COPY. */
  copyIn: boolean;
  /** Where the events were in the request, for the paths of errors (`body/events`). */
  at: string;
}

/** Stores checked, attributed events; an event of a day telemetry retention dropped refuses the batch. */
export async function storeEvents(db: Db, catalogue: ModelCatalogue, organizationId: string, events: readonly AttributedEvent[], options: StoreOptions): Promise<IngestResult> {
  if (events.length === 0) return { accepted: 0, duplicates: 0 };
  await ensureEventPartitions(db, events.map((event) => event.day));
  return db.transaction().execute(async (trx) => {
    await refuseDroppedDays(trx, events.map((event) => event.day), options.at);
    const claimed = await claimEvents(trx, catalogue, organizationId, events, options);
    // The steps before the events: the events' statement locks the rows every batch of the
    // organization shares (its days pending, its members' day cells and month credits) until the
    // commit, so whatever ran after it held every concurrent batch waiting (claimEvents).
    await recordSteps(trx, organizationId, events.flatMap((event) => stepOfEvent(event, event.userId, event.detail) ?? []));
    await writeClaimedEvents(trx, claimed);
    return { accepted: claimed.accepted, duplicates: claimed.duplicates };
  });
}

/** A batch whose new events are known, and on PostgreSQL not yet written (writeClaimedEvents). */
export interface ClaimedEvents extends IngestResult {
  /** The events newly stored (not duplicates), in id order: the objects given, not copies. */
  fresh: AttributedEvent[];
  /** PostgreSQL: the COPY statement's data, written by writeClaimedEvents. */
  copy?: CopyInRows;
}

/**
 * Claims the ids of checked, attributed events inside the caller's transaction: the events whose
 * id was not stored before are the batch's new ones. On the embedded store, which serves one
 * process, the same statement writes them; on PostgreSQL writeClaimedEvents does, as the caller's
 * last statement before its commit: the events' triggers update rows that every batch of a member
 * shares (its day's cells, its month's credits), which concurrent batches then wait for until
 * this one commits. The days' partitions must exist already (ensureEventPartitions, which takes
 * its own transaction).
 */
export async function claimEvents(trx: Db, catalogue: ModelCatalogue, organizationId: string, events: readonly AttributedEvent[], options: Pick<StoreOptions, 'copyIn'>): Promise<ClaimedEvents> {
  if (events.length === 0) return { accepted: 0, duplicates: 0, fresh: [] };
  // One order for every batch: two concurrent batches with shared ids cannot deadlock. An id
  // repeated within the batch keeps its first event.
  const byId = new Map<string, AttributedEvent>();
  for (const event of events) if (!byId.has(event.event.id)) byId.set(event.event.id, event);
  const batch = [...byId.values()].sort((a, b) => (a.event.id < b.event.id ? -1 : a.event.id > b.event.id ? 1 : 0));
  const columns = columnsOf(batch, catalogue);
  const values = BATCH_COLUMNS.map((column) => columns[column]);
  const statement = options.copyIn ? INSERT_NEW_IDS : INSERT_NEW_EVENTS;
  const inserted = await trx.executeQuery<{ id: string }>(CompiledQuery.raw(statement, options.copyIn ? [organizationId, columns.id, columns.day] : [organizationId, ...values]));
  const insertedIds = new Set(inserted.rows.map((row) => row.id));
  const freshRows: number[] = [];
  batch.forEach((event, i) => {
    if (insertedIds.has(event.event.id)) freshRows.push(i);
  });
  const fresh = freshRows.map((i) => batch[i]!);
  const claimed: ClaimedEvents = { accepted: fresh.length, duplicates: events.length - fresh.length, fresh };
  if (options.copyIn && fresh.length > 0) claimed.copy = copyInRows(values, freshRows, organizationId);
  return claimed;
}

/** Writes the claimed new events (on the embedded store, claimEvents wrote them already). */
export async function writeClaimedEvents(trx: Db, claimed: ClaimedEvents): Promise<void> {
  if (claimed.copy) await trx.executeQuery(CompiledQuery.raw(COPY_EVENTS, [claimed.copy]));
}

/** The file's extension as `path.extname` finds it, lower case, without the dot; `(none)` when empty. */
export function extensionOf(path: string): string {
  return extname(path).slice(1).toLowerCase() || '(none)';
}

/** An extension sent without its path (`.ts` or `ts`), in the same form. */
function normalisedExtension(extension: string | undefined): string {
  return extension?.replace(/^\./, '').toLowerCase() || '(none)';
}

// Written column by column, with fixed property names: a row object per event read back by
// column name cost as much CPU as the database's insert.
function columnsOf(events: readonly AttributedEvent[], catalogue: ModelCatalogue): Columns {
  const columns = Object.fromEntries(BATCH_COLUMNS.map((column) => [column, new Array(events.length).fill(null)])) as Columns;
  // A batch names few repositories, each many times: each URL is parsed once.
  const repoIds = new Map<string, string | null>();
  const repoIdOfEvent = (repository: string) => {
    if (!repoIds.has(repository)) repoIds.set(repository, repoIdOf(repository) ?? null);
    return repoIds.get(repository)!;
  };
  events.forEach(({ event, at, day, userId, ingestKeyId }, i) => {
    columns.id[i] = event.id;
    columns.ingest_key_id[i] = ingestKeyId ?? null;
    columns.day[i] = day;
    columns.occurred_at[i] = isoInstant(at);
    columns.user_id[i] = userId;
    columns.session_id[i] = event.sessionId;
    columns.client[i] = event.client ?? null;
    columns.agent[i] = event.agent ?? null;
    // checkEvents refused a repository that names none.
    columns.repository[i] = event.repository === undefined ? null : repoIdOfEvent(event.repository);
    columns.type[i] = event.type;
    switch (event.type) {
      case 'user_message':
        columns.autonomy_mode[i] = event.autonomyMode ?? null;
        break;
      case 'model_call':
        columns.model_id[i] = event.modelId;
        columns.model_tier[i] = event.modelTier;
        columns.input_tokens[i] = event.inputTokens;
        columns.output_tokens[i] = event.outputTokens;
        columns.cache_read_tokens[i] = event.cacheReadTokens;
        columns.cache_write_tokens[i] = event.cacheWriteTokens;
        columns.credits[i] = standardCredits(event, catalogue);
        columns.reported_cost_usd[i] = event.reportedCostUsd === undefined ? null : toSixDecimals(event.reportedCostUsd);
        columns.premium_requests[i] = event.premiumRequests === undefined ? null : toSixDecimals(event.premiumRequests);
        columns.ttft_ms[i] = event.ttftMs ?? null;
        columns.cache_write_1h_tokens[i] = event.cacheWrite1hTokens ?? null;
        break;
      // A share of usage: the same columns as a model call's (the day's cells sum them by type and
      // name), and no credits: the calls it repeats have them.
      case 'skill_usage':
      case 'subagent_usage':
      case 'plugin_usage':
      case 'mcp_server_usage':
        columns.name[i] = event.name;
        columns.model_id[i] = event.modelId ?? null;
        columns.input_tokens[i] = event.inputTokens;
        columns.output_tokens[i] = event.outputTokens;
        columns.cache_read_tokens[i] = event.cacheReadTokens;
        columns.cache_write_tokens[i] = event.cacheWriteTokens;
        columns.reported_cost_usd[i] = event.reportedCostUsd === undefined ? null : toSixDecimals(event.reportedCostUsd);
        break;
      case 'tool_call':
        columns.tool[i] = event.tool;
        columns.mcp_server[i] = event.mcpServer ?? null;
        columns.autonomy_level[i] = event.autonomyLevel ?? null;
        columns.tool_source[i] = event.toolSource ?? null;
        break;
      case 'tool_decision':
        columns.tool[i] = event.tool;
        columns.decision[i] = event.decision;
        columns.tool_source[i] = event.toolSource ?? null;
        break;
      case 'lines_changed':
        columns.lines_added[i] = event.linesAdded;
        columns.lines_removed[i] = event.linesRemoved;
        break;
      case 'skill':
      case 'slash_command':
        columns.name[i] = event.name;
        break;
      case 'hook':
        columns.hook_event[i] = event.event;
        columns.hook_matcher[i] = event.matcher;
        columns.hook_command[i] = event.command;
        break;
      case 'file_created':
      case 'file_edited':
        columns.path[i] = event.path ?? null;
        columns.extension[i] = event.path === undefined ? normalisedExtension(event.extension) : extensionOf(event.path);
        columns.language[i] = event.language ?? null;
        break;
    }
  });
  return columns;
}
