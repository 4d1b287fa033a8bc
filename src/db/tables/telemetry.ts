import type { ColumnType, Generated } from 'kysely';

// Telemetry and analytics tables (migrations/0003_telemetry.sql).

export interface TelemetryEventsTable {
  organization_id: string;
  id: string;
  day: string;
  occurred_at: Date;
  received_at: ColumnType<Date, Date | undefined, never>;
  user_id: string;
  session_id: string;
  client: string | null;
  type: string;
  autonomy_mode: string | null;
  model_id: string | null;
  model_tier: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  cache_read_tokens: number | null;
  cache_write_tokens: number | null;
  credits: number | null;
  tool: string | null;
  mcp_server: string | null;
  autonomy_level: string | null;
  name: string | null;
  hook_event: string | null;
  hook_matcher: string | null;
  hook_command: string | null;
  path: string | null;
  extension: string | null;
  language: string | null;
  agent: string | null;
  reported_cost_usd: number | null;
  lines_added: number | null;
  lines_removed: number | null;
  decision: string | null;
  /** The repository's id, host/owner/name (migrations/0020); null: not said. */
  repository: string | null;
  /** The ingest key that sent the event (migrations/0051); null: a person's own key or client. */
  ingest_key_id: string | null;
  /** Copilot CLI's premium requests for the call (`github.copilot.cost`, migrations/0059): never money. */
  premium_requests: number | null;
  /** A model call's time to first token, milliseconds (Claude Code's `ttft_ms`, migrations/0061). */
  ttft_ms: number | null;
  /** Where a tool came from, as the agent says (Claude Code's `tool_source`: built-in, MCP, plugin...). */
  tool_source: string | null;
  /** The part of cache_write_tokens written to the 1-hour cache, priced apart (migrations/0061); null: not said. */
  cache_write_1h_tokens: number | null;
}

/**
 * The columns of telemetry_events that ingestion writes (all but received_at, which takes its
 * default), in the migration's order, with their types as PostgreSQL names them (information_schema
 * udt_name): ingestion sends each column as one array of that type to unnest(). The one list of
 * the event columns: the compiler holds it to the table type above, test/analytics/event-columns
 * to the migrated table.
 */
export const EVENT_COLUMN_TYPES = {
  organization_id: 'text',
  id: 'text',
  day: 'date',
  occurred_at: 'timestamptz',
  user_id: 'text',
  session_id: 'text',
  client: 'text',
  type: 'text',
  autonomy_mode: 'text',
  model_id: 'text',
  model_tier: 'text',
  input_tokens: 'int8',
  output_tokens: 'int8',
  cache_read_tokens: 'int8',
  cache_write_tokens: 'int8',
  credits: 'numeric',
  tool: 'text',
  mcp_server: 'text',
  autonomy_level: 'text',
  name: 'text',
  hook_event: 'text',
  hook_matcher: 'text',
  hook_command: 'text',
  path: 'text',
  extension: 'text',
  language: 'text',
  agent: 'text',
  reported_cost_usd: 'float8',
  lines_added: 'int8',
  lines_removed: 'int8',
  decision: 'text',
  repository: 'text',
  ingest_key_id: 'text',
  premium_requests: 'numeric',
  ttft_ms: 'int4',
  tool_source: 'text',
  cache_write_1h_tokens: 'int8',
} as const satisfies Record<Exclude<keyof TelemetryEventsTable, 'received_at'>, string>;

export type EventColumn = keyof typeof EVENT_COLUMN_TYPES;
export const EVENT_COLUMNS = Object.keys(EVENT_COLUMN_TYPES) as EventColumn[];

/** `unnest($first::type[], ...) AS alias (columns)`: one array parameter per column, numbered from `first`. */
export function unnestOf(columns: readonly EventColumn[], first: number, alias: string): string {
  return `unnest(${columns.map((column, i) => `$${first + i}::${EVENT_COLUMN_TYPES[column]}[]`).join(', ')}) AS ${alias} (${columns.join(', ')})`;
}

export interface TelemetryEventIdsTable {
  organization_id: string;
  id: string;
  day: string;
}

export interface AnalyticsPendingDaysTable {
  organization_id: string;
  day: string;
  version: ColumnType<number, number | undefined, number>;
  claimed_until: Date | null;
}

/** json columns: written as JSON text, read back as parsed values (or selected ::text). */
type Json<T> = ColumnType<T, string, string>;

export interface AnalyticsDailyTable {
  organization_id: string;
  day: string;
  tokens: Json<unknown>;
  tools: Json<unknown>;
  activity: Json<unknown>;
  productivity: Json<unknown>;
  /** The day's group_by=agent rows of each endpoint (migrations/0015). */
  tokens_by_agent: Json<unknown>;
  tools_by_agent: Json<unknown>;
  activity_by_agent: Json<unknown>;
  productivity_by_agent: Json<unknown>;
  /** The day's group_by=repository rows of each endpoint, and each repository's members (migrations/0020). */
  tokens_by_repository: Json<unknown>;
  tools_by_repository: Json<unknown>;
  activity_by_repository: Json<unknown>;
  productivity_by_repository: Json<unknown>;
  repository_members: Json<unknown>;
  /** The day's group_by=tool_source rows of /tools, and its time to first token per model (migrations/0061); null before. */
  tools_by_tool_source: Json<unknown> | null;
  model_latency: Json<unknown> | null;
  aggregated_at: ColumnType<Date, Date | undefined, Date>;
  /** SHA-256 of the documents as written (migrations/0036; analytics/rollup.ts). */
  digest: Buffer | null;
}

export interface AnalyticsUserDailyTable {
  organization_id: string;
  user_id: string;
  day: string;
  row: Json<unknown>;
  /** The figures team reads sum (migrations/0021_teams.sql, src/analytics/teams.ts). */
  credits_micros: Generated<string>;
  input_tokens: Generated<string>;
  output_tokens: Generated<string>;
  cache_read_tokens: Generated<string>;
  cache_write_tokens: Generated<string>;
  sessions: Generated<number>;
  messages: Generated<number>;
  user_messages: Generated<number>;
  /** Its costs in micro-units and the rest of the user's figures (migrations/0023_team_figures.sql). */
  cost_micros: string | null;
  reported_cost_micros: string | null;
  unpriced_models: Generated<Json<string[]>>;
  tool_calls: Generated<number>;
  mcp_calls: Generated<number>;
  skills_invocations: Generated<number>;
  slash_commands_invocations: Generated<number>;
  hooks_invocations: Generated<number>;
  decisions_accepted: Generated<number>;
  decisions_rejected: Generated<number>;
  files_created: Generated<number>;
  files_edited: Generated<number>;
  git_commits: Generated<number>;
  git_prs_created: Generated<number>;
  lines_added: Generated<string>;
  lines_removed: Generated<string>;
  /** SHA-256 of the row and its figures as written (migrations/0036; analytics/rollup.ts). */
  digest: Buffer | null;
}

/** The users with /users rows, and the first and last day of those rows (migrations/0009). */
export interface AnalyticsUserActivityTable {
  organization_id: string;
  user_id: string;
  first_day: string;
  last_day: string;
}

/** OpenTelemetry ingestion (migrations/0014_opentelemetry.sql). */
export interface OtlpCumulativeSeriesTable {
  organization_id: string;
  series: string;
  start_unix_nano: string;
  last_unix_nano: string;
  last_value: number;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface TelemetryIdentitiesTable {
  organization_id: string;
  id: string;
  kind: string;
  value: string;
  agent: string | null;
  user_id: string | null;
  first_seen_at: ColumnType<Date, Date | undefined, Date>;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
}

export interface TelemetryUnattributedEventsTable {
  organization_id: string;
  id: string;
  identity_id: string;
  day: string;
  event: Json<unknown>;
  /** The ingest key that sent the event (migrations/0051). */
  ingest_key_id: string;
  received_at: ColumnType<Date, Date | undefined, never>;
}

export interface TelemetryConnectionsTable {
  organization_id: string;
  day: string;
  agent: string;
  sender: string;
  /** The database session that wrote the row (migrations/0022): concurrent writers never share one. */
  writer: ColumnType<number, number | undefined, never>;
  user_id: string | null;
  identity_id: string | null;
  api_key_id: string | null;
  last_seen_at: Date;
  accepted: number;
  duplicates: number;
  unattributed: number;
  refused: number;
  tokens: number;
  tool_calls: number;
  last_problem: string | null;
  last_problem_at: Date | null;
  /** The agent's version its latest export said (migrations/0058). */
  agent_version: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One announcement of agent.quiet per quiet spell of a connection (migrations/0058). */
export interface AgentQuietNoticesTable {
  organization_id: string;
  agent: string;
  sender: string;
  last_seen_at: Date;
  notified_at: Date;
}

/** A background job's lease among replicas (migrations/0058). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  lease_until: Date;
}

export interface TelemetryTables {
  agent_quiet_notices: AgentQuietNoticesTable;
  job_leases: JobLeasesTable;
  otlp_cumulative_series: OtlpCumulativeSeriesTable;
  telemetry_identities: TelemetryIdentitiesTable;
  telemetry_unattributed_events: TelemetryUnattributedEventsTable;
  telemetry_connections: TelemetryConnectionsTable;
  telemetry_event_ids: TelemetryEventIdsTable;
  telemetry_events: TelemetryEventsTable;
  analytics_pending_days: AnalyticsPendingDaysTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_user_daily: AnalyticsUserDailyTable;
  analytics_user_activity: AnalyticsUserActivityTable;
}
