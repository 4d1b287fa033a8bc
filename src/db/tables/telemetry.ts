import type { ColumnType } from 'kysely';

// Telemetry and analytics tables (migrations/0003_telemetry.sql).

export interface TelemetryEventsTable {
  organization_id: string;
  id: string;
  day: string;
  occurred_at: Date;
  received_at: ColumnType<Date, Date | undefined, never>;
  user_id: string;
  session_id: string;
  client: string;
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
  aggregated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface AnalyticsUserDailyTable {
  organization_id: string;
  user_id: string;
  day: string;
  row: Json<unknown>;
}

/** The users with /users rows, and the first and last day of those rows (migrations/0009). */
export interface AnalyticsUserActivityTable {
  organization_id: string;
  user_id: string;
  first_day: string;
  last_day: string;
}

export interface TelemetryTables {
  telemetry_event_ids: TelemetryEventIdsTable;
  telemetry_events: TelemetryEventsTable;
  analytics_pending_days: AnalyticsPendingDaysTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_user_daily: AnalyticsUserDailyTable;
  analytics_user_activity: AnalyticsUserActivityTable;
}
