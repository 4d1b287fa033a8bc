import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { addDays } from '../domain/dates.js';
import { priceBookOf } from '../repositories/prices.js';
import { assembleDay, type DayRollup, type DayStats, type ToolCallTotal } from './assemble.js';
import type { Cell } from './cell.js';
import { modelLatencyOf, type ModelLatencyRow } from './model-latency.js';
import { byteOrder } from './order.js';
import { userFiguresOf, type UserFigures } from './teams.js';

// One organization-day computed from its stored events: what the rollup writes (rollup.ts) and
// what the month's spend reads for days not rolled up yet (month-spend.ts), one computation.

// A cell's dimensions (assemble.ts) and its counts, as telemetry_day_cells keeps them
// (migrations/0035). Each event type fills only its own fields (telemetry/events.ts), so the
// columns of other types are NULL in its cells.
const CELL_COLUMNS = sql.join(
  ['user_id', 'type', 'client', 'agent', 'repository', 'model_id', 'model_tier', 'mcp', 'autonomy_mode', 'name', 'hook_event', 'hook_matcher', 'hook_command', 'extension', 'language', 'decision',
    'events', 'credits', 'input_tokens', 'output_tokens', 'cache_read_tokens', 'cache_write_tokens', 'reported_cost_micros', 'reported_costs', 'lines_added', 'lines_removed', 'cache_write_1h_tokens'].map((name) => sql.ref(name)),
);

/**
 * The day's events as cells (grouped by every dimension a user's row or a distinct-user count
 * needs), kept as the events are stored, and the tool calls counted per tool, per MCP server, per
 * autonomy level (assemble.ts) and per tool source, from the day's events. Two queries, run at once.
 */
async function dayEventsOf(db: Db, organizationId: string, day: string): Promise<{ cells: Cell[]; toolCalls: ToolCallTotal[] }> {
  const ofTheDay = sql`organization_id = ${organizationId} AND day = ${day}::date`;
  const [cells, toolCalls] = await Promise.all([
    sql<Cell>`SELECT ${CELL_COLUMNS} FROM telemetry_day_cells WHERE ${ofTheDay}`.execute(db),
    // Grouping sets: the columns outside a row's set are NULL, and grouping() says which set it is from.
    sql<ToolCallTotal>`
      SELECT CASE grouping(tool, mcp_server, autonomy_level, tool_source) WHEN 7 THEN 'tool' WHEN 11 THEN 'mcp_server' WHEN 13 THEN 'autonomy_level' ELSE 'tool_source' END AS dimension,
        coalesce(tool, mcp_server, autonomy_level, tool_source) AS value, count(*) AS events
      FROM telemetry_events WHERE ${ofTheDay} AND type = 'tool_call'
      GROUP BY GROUPING SETS ((tool), (mcp_server), (autonomy_level), (tool_source))`.execute(db),
  ]);
  return {
    cells: cells.rows,
    // Calls to no MCP server make a group of their own, without a value.
    toolCalls: toolCalls.rows.filter((total) => total.value !== null),
  };
}

/**
 * Statistics that need more than the day's cells: distinct sessions and the active-user windows;
 * and the e-mails of the day's users, for their rows. One statement, so one snapshot: the windows
 * count each settled day (not pending) from its user rows, which hold exactly the users with any
 * event that day, and each pending day (this one included) from its sessions, kept as its events
 * are stored (migrations/0037), since its user rows may be stale or missing. A day whose rows
 * change after this snapshot was re-marked pending with the 29 days after it by ingestion, which
 * bumps this day's version, so this result is not kept (docs/analytics.md).
 *
 * The settled days are read as each user's last active day in the window, one probe of the user
 * rows' primary key per user whose activity window (migrations/0009) meets it: a user's count in
 * a window needs no more than that day. Reading every user row of the 29 days instead scanned
 * 29 x the day's users rows of 850 bytes (the whole table, as the planner chose: 900 MB at 50,000
 * members) and spilled them to disk to count them twice (docs/scaling.md, "The rollup's profile").
 */
async function statsOf(db: Db, organizationId: string, day: string): Promise<{ stats: DayStats; emails: Map<string, string> }> {
  const [windowStart, yesterday] = [addDays(day, -29), addDays(day, -1)];
  const result = await sql<DayStats & { emails: Record<string, string> | null }>`
    WITH today AS MATERIALIZED (
      SELECT session_id, user_id FROM telemetry_day_sessions WHERE organization_id = ${organizationId} AND day = ${day}::date
    ),
    pending AS (
      SELECT day FROM analytics_pending_days
      WHERE organization_id = ${organizationId} AND day BETWEEN ${windowStart}::date AND ${yesterday}::date
    ),
    active AS (
      SELECT activity.user_id, settled.day FROM analytics_user_activity activity CROSS JOIN LATERAL (
        SELECT max(day) AS day FROM analytics_user_daily
        WHERE organization_id = activity.organization_id AND user_id = activity.user_id
          AND day BETWEEN ${windowStart}::date AND ${yesterday}::date AND day NOT IN (SELECT day FROM pending)
      ) settled
      WHERE activity.organization_id = ${organizationId} AND activity.first_day <= ${yesterday}::date AND activity.last_day >= ${windowStart}::date
        AND settled.day IS NOT NULL
      UNION ALL
      SELECT raw.user_id, pending.day FROM pending CROSS JOIN LATERAL (
        SELECT DISTINCT user_id FROM telemetry_day_sessions WHERE organization_id = ${organizationId} AND day = pending.day
      ) raw
      UNION ALL
      SELECT user_id, ${day}::date FROM today
    ),
    last_active AS (
      SELECT user_id, max(day) AS day FROM active GROUP BY user_id
    )
    -- count(*) of a DISTINCT subquery: hashed, about twice as fast as count(DISTINCT), which sorts.
    SELECT
      (SELECT count(*) FROM (SELECT DISTINCT session_id FROM today) sessions) AS "activeSessions",
      (SELECT count(*) FILTER (WHERE day >= ${addDays(day, -6)}::date) FROM last_active) AS "weeklyActiveUsers",
      (SELECT count(*) FROM last_active) AS "monthlyActiveUsers",
      -- Each user of the day looked up by id: the planner cannot tell how many users the day has,
      -- and guessing few, it compared every user of the organization with every session.
      (SELECT json_object_agg(users.id, users.email) FROM (SELECT DISTINCT user_id FROM today) day_users
        JOIN users ON users.id = day_users.user_id WHERE users.organization_id = ${organizationId}) AS emails`.execute(db);
  const { emails, ...stats } = result.rows[0]!;
  return { stats, emails: new Map(Object.entries(emails ?? {})) };
}

/** A day's extension rows beyond the seed's (migrations/0061): tool calls per tool source, time to first token per model. */
export interface DayExtensions {
  toolsByToolSource: { date: string; group_key: string; tool_calls: number }[];
  modelLatency: ModelLatencyRow[];
}

/** The day's rows, and the figures team reads sum, kept beside each user's row (teams.ts). */
export async function computeDay(db: Db, organizationId: string, day: string): Promise<DayRollup & DayExtensions & { userFigures: UserFigures }> {
  // At once, each on a connection of its own: none of these reads depends on another.
  const [{ cells, toolCalls }, { stats, emails }, prices, modelLatency] = await Promise.all([
    dayEventsOf(db, organizationId, day),
    statsOf(db, organizationId, day),
    priceBookOf(db, organizationId),
    modelLatencyOf(db, organizationId, day),
  ]);
  const rollup = assembleDay(day, cells, toolCalls, stats, emails, prices);
  const toolsByToolSource = toolCalls
    .filter((total) => total.dimension === 'tool_source')
    .sort((a, b) => byteOrder(a.value, b.value))
    .map((total) => ({ date: day, group_key: total.value, tool_calls: Number(total.events) }));
  return { ...rollup, toolsByToolSource, modelLatency, userFigures: userFiguresOf(rollup.users.map((row) => row.user_id), rollup.byUser) };
}
