import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { TelemetryEvent } from '../telemetry/events.js';
import type { SentEvent } from '../telemetry/sent-events.js';

// A tool call's source from its decision (docs/otel.md "New fields"). Claude Code 2.1.332 names
// where a tool came from (`tool_source`: builtin, mcp...) on its tool_decision event only, not on
// the tool_result event from which the call is counted; both carry the tool use's id. So a call
// without a source takes the source of the decision of the same tool use in the same session:
//   - in the same export (the usual case), as the export is read: joinToolSources;
//   - across exports, in either order, through tool_use_sources (migrations/0065): a call stored
//     after its decision takes the stored source before it is stored; a decision stored after its
//     call sets the stored call's source and marks the call's day pending, so the rollup computes
//     it again (the source is read from the events at rollup time, no running sum holds it).
// Only a call with no source is ever given one, so a replayed export changes nothing.

/** An event as an export's reading gives it, with the agent's id of its tool use when it has one. */
export interface ToolUseEvent {
  event: TelemetryEvent;
  toolUseId?: string | undefined;
}

const toolUseKey = (event: TelemetryEvent, toolUseId: string) => `${event.agent ?? ''}\u0000${event.sessionId}\u0000${toolUseId}`;

/** Completes a call of the export, not stored yet, with its decision's source (events are read-only by type, this one is the export's own). */
const giveSource = (call: TelemetryEvent, source: string) => Object.assign(call, { toolSource: source });

/** Gives each tool call of the export without a source the source of its decision in the same export. */
export function joinToolSources(events: readonly ToolUseEvent[]): void {
  const sources = new Map<string, string>();
  for (const { event, toolUseId } of events) {
    if (event.type === 'tool_decision' && event.toolSource !== undefined && toolUseId !== undefined) sources.set(toolUseKey(event, toolUseId), event.toolSource);
  }
  if (sources.size === 0) return;
  for (const { event, toolUseId } of events) {
    if (event.type !== 'tool_call' || event.toolSource !== undefined || toolUseId === undefined) continue;
    const source = sources.get(toolUseKey(event, toolUseId));
    if (source !== undefined) giveSource(event, source);
  }
}

/**
 * The halves an export leaves unjoined: its decisions with a source and its calls without one
 * (after joinToolSources), each with its tool use. A decision whose call is in the export is
 * left out: its call has its source already.
 */
function unjoinedHalves(items: readonly SentEvent[], toolUseIds: ReadonlyMap<string, string>) {
  const joined = new Set<string>();
  for (const { checked } of items) {
    const toolUseId = toolUseIds.get(checked.event.id);
    if (checked.event.type === 'tool_call' && checked.event.toolSource !== undefined && toolUseId !== undefined) joined.add(toolUseKey(checked.event, toolUseId));
  }
  const decisions: { item: SentEvent; toolUseId: string; source: string }[] = [];
  const calls: { item: SentEvent; toolUseId: string }[] = [];
  for (const item of items) {
    const { event } = item.checked;
    const toolUseId = toolUseIds.get(event.id);
    if (toolUseId === undefined) continue;
    if (event.type === 'tool_decision' && event.toolSource !== undefined && !joined.has(toolUseKey(event, toolUseId))) decisions.push({ item, toolUseId, source: event.toolSource });
    else if (event.type === 'tool_call' && event.toolSource === undefined) calls.push({ item, toolUseId });
  }
  return { decisions, calls };
}

/**
 * Joins the export's unjoined halves with those stored from earlier exports, in the export's
 * transaction, before its events are stored: the export's calls take the sources stored for their
 * tool uses (their events are changed in place), and the calls stored earlier take the sources of
 * the export's decisions. `toolUseIds` names the tool use of each event that has one, by event id.
 */
export async function joinStoredToolSources(trx: Db, organizationId: string, items: readonly SentEvent[], toolUseIds: ReadonlyMap<string, string>): Promise<void> {
  if (toolUseIds.size === 0) return;
  const { decisions, calls } = unjoinedHalves(items, toolUseIds);
  if (decisions.length === 0 && calls.length === 0) return;
  // Both halves in one statement, one row per tool use (a statement may not change a row twice; an
  // export that names a tool use twice keeps its first; a decision and a call of one tool use in
  // one export were joined already), in key order: two exports lock the rows they share in turn,
  // and never each waits for the other. The first source and the first call stored stay.
  const keyOf = (row: { item: SentEvent; toolUseId: string }) => `${row.item.checked.event.sessionId}\u0000${row.toolUseId}`;
  const halves = new Map<string, { sessionId: string; toolUseId: string; day: string; source: string | null; callId: string | null }>();
  for (const row of decisions) {
    if (!halves.has(keyOf(row))) halves.set(keyOf(row), { sessionId: row.item.checked.event.sessionId, toolUseId: row.toolUseId, day: row.item.checked.day, source: row.source, callId: null });
  }
  for (const row of calls) {
    if (!halves.has(keyOf(row))) halves.set(keyOf(row), { sessionId: row.item.checked.event.sessionId, toolUseId: row.toolUseId, day: row.item.checked.day, source: null, callId: row.item.checked.event.id });
  }
  const rows = [...halves].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([, row]) => row);
  const { rows: stored } = await sql<{ session_id: string; tool_use_id: string; tool_source: string | null; call_event_id: string | null; call_day: string | null }>`
    INSERT INTO tool_use_sources AS uses (organization_id, session_id, tool_use_id, day, tool_source, call_event_id, call_day)
    SELECT ${organizationId}, session_id, tool_use_id, day, tool_source, call_event_id, CASE WHEN call_event_id IS NOT NULL THEN day END
    FROM unnest(${rows.map((row) => row.sessionId)}::text[], ${rows.map((row) => row.toolUseId)}::text[], ${rows.map((row) => row.day)}::date[],
      ${rows.map((row) => row.source)}::text[], ${rows.map((row) => row.callId)}::text[]) AS export(session_id, tool_use_id, day, tool_source, call_event_id)
    ON CONFLICT (organization_id, session_id, tool_use_id) DO UPDATE SET tool_source = coalesce(uses.tool_source, excluded.tool_source),
      call_event_id = coalesce(uses.call_event_id, excluded.call_event_id), call_day = coalesce(uses.call_day, excluded.call_day)
    RETURNING session_id, tool_use_id, tool_source, call_event_id, call_day::text AS call_day`.execute(trx);
  // The calls stored by earlier exports whose tool use has a source now (this export's own calls,
  // not stored yet, are given theirs below; a resent one stored without a source gets it here).
  const earlierCalls = stored.filter((row) => row.tool_source !== null && row.call_event_id !== null);
  if (earlierCalls.length > 0) {
    // Only a call still without a source changes; the days of those that did are marked pending by
    // the database's own function, as the events' trigger marks the days of new events
    // (migrations/0038, 0063), so that the rollup computes them again.
    await sql`
      WITH changed AS (
        UPDATE telemetry_events AS events SET tool_source = calls.tool_source
        FROM unnest(${earlierCalls.map((row) => row.call_event_id)}::text[], ${earlierCalls.map((row) => row.call_day)}::date[], ${earlierCalls.map((row) => row.tool_source)}::text[])
          AS calls(id, day, tool_source)
        WHERE events.organization_id = ${organizationId} AND events.day = calls.day AND events.id = calls.id
          AND events.type = 'tool_call' AND events.tool_source IS NULL
        RETURNING events.day
      )
      SELECT analytics_mark_days_pending(${organizationId}, array_agg(DISTINCT day), 0) FROM changed HAVING count(*) > 0`.execute(trx);
  }
  if (calls.length > 0) {
    const sources = new Map(stored.filter((row) => row.tool_source !== null).map((row) => [`${row.session_id}\u0000${row.tool_use_id}`, row.tool_source!]));
    // Every call of the export, also one that named its tool use a second time.
    for (const { item, toolUseId } of calls) {
      const source = sources.get(`${item.checked.event.sessionId}\u0000${toolUseId}`);
      if (source !== undefined) giveSource(item.checked.event, source);
    }
  }
}
