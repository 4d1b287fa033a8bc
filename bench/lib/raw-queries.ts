import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../src/db/store.js';

// The "no rollup" alternative: each analytics endpoint's main numbers computed from raw
// telemetry_events over the requested range, one plain SQL query per request. They compute a
// subset of what the rollup stores (no percentiles, no per-hook or per-skill lists), so they are
// a lower bound of what answering from raw events would cost.

/** The endpoints measured; `tokens-by-<group>` is /tokens?group_by=<group>. */
export const ENDPOINTS = ['tokens', 'tools', 'activity', 'productivity', 'users', 'tokens-by-agent', 'tokens-by-team', 'tokens-by-repository', 'repositories'] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

const REQUESTS: Partial<Record<Endpoint, string>> = {
  users: 'users?limit=100&',
  'tokens-by-agent': 'tokens?group_by=agent&',
  'tokens-by-team': 'tokens?group_by=team&',
  'tokens-by-repository': 'tokens?group_by=repository&',
};

/** The path and query of an endpoint's request, after /api/v1/analytics/ and before the dates. */
export const requestOf = (endpoint: Endpoint) => REQUESTS[endpoint] ?? `${endpoint}?`;

export interface Range {
  from: string;
  to: string;
}

type Query = (organizationId: string, range: Range) => RawBuilder<Record<string, unknown>>;

const QUERIES: Record<Endpoint, Query> = {
  // Day totals per repository.
  'tokens-by-repository': (org, { from, to }) => sql`
    SELECT day, coalesce(repository, '(none)') AS group_key, sum(credits) AS billable_tokens, sum(input_tokens) AS input_tokens,
      sum(output_tokens) AS output_tokens, sum(cache_read_tokens) AS cache_read_tokens, sum(cache_write_tokens) AS cache_write_tokens
    FROM telemetry_events
    WHERE organization_id = ${org} AND day BETWEEN ${from}::date AND ${to}::date AND type = 'model_call'
    GROUP BY day, repository
    ORDER BY day, 2`,
  // Range totals and distinct members per repository, with its latest readiness report.
  repositories: (org, { from, to }) => sql`
    SELECT totals.*, latest.report_id, latest.created_at_ms, latest.body -> 'report' AS criteria FROM (
      SELECT repository, sum(credits) AS billable_tokens, sum(input_tokens) AS input_tokens, sum(output_tokens) AS output_tokens,
        sum(cache_read_tokens) AS cache_read_tokens, sum(cache_write_tokens) AS cache_write_tokens, count(DISTINCT user_id) AS active_members,
        count(*) FILTER (WHERE type = 'session_start') AS sessions, sum(lines_added) AS lines_added, sum(lines_removed) AS lines_removed,
        count(*) FILTER (WHERE type = 'git_commit') AS git_commits, count(*) FILTER (WHERE type = 'pr_created') AS git_prs_created
      FROM telemetry_events
      WHERE organization_id = ${org} AND day BETWEEN ${from}::date AND ${to}::date AND repository IS NOT NULL
      GROUP BY repository
    ) totals
    LEFT JOIN LATERAL (
      SELECT report_id, created_at_ms, body FROM readiness_reports
      WHERE organization_id = ${org} AND repo_id = totals.repository ORDER BY created_at_ms DESC, report_id DESC LIMIT 1
    ) latest ON true
    ORDER BY billable_tokens DESC NULLS LAST, repository`,
  // Day totals, per model and per user, in one pass.
  tokens: (org, { from, to }) => sql`
    SELECT day, model_id, user_id, sum(credits) AS billable_tokens, sum(input_tokens) AS input_tokens,
      sum(output_tokens) AS output_tokens, sum(cache_read_tokens) AS cache_read_tokens, sum(cache_write_tokens) AS cache_write_tokens
    FROM telemetry_events
    WHERE organization_id = ${org} AND day BETWEEN ${from}::date AND ${to}::date AND type = 'model_call'
    GROUP BY GROUPING SETS ((day), (day, model_id), (day, user_id))
    ORDER BY day`,
  // Day totals per agent product.
  'tokens-by-agent': (org, { from, to }) => sql`
    SELECT day, coalesce(agent, '(none)') AS group_key, sum(credits) AS billable_tokens, sum(input_tokens) AS input_tokens,
      sum(output_tokens) AS output_tokens, sum(cache_read_tokens) AS cache_read_tokens, sum(cache_write_tokens) AS cache_write_tokens,
      sum(reported_cost_usd) AS reported_cost_usd
    FROM telemetry_events
    WHERE organization_id = ${org} AND day BETWEEN ${from}::date AND ${to}::date AND type = 'model_call'
    GROUP BY day, agent
    ORDER BY day, 2`,
  // Day totals per team: each member's model calls once in each of its teams.
  'tokens-by-team': (org, { from, to }) => sql`
    SELECT e.day, m.team_id AS group_key, sum(e.credits) AS billable_tokens, sum(e.input_tokens) AS input_tokens,
      sum(e.output_tokens) AS output_tokens, sum(e.cache_read_tokens) AS cache_read_tokens, sum(e.cache_write_tokens) AS cache_write_tokens
    FROM team_members m
    JOIN telemetry_events e ON e.organization_id = m.organization_id AND e.user_id = m.user_id
    WHERE m.organization_id = ${org} AND e.day BETWEEN ${from}::date AND ${to}::date AND e.type = 'model_call'
    GROUP BY e.day, m.team_id
    ORDER BY e.day, 2`,
  // Day totals and per tool.
  tools: (org, { from, to }) => sql`
    SELECT day, tool, count(*) FILTER (WHERE type = 'tool_call') AS tool_calls,
      count(DISTINCT user_id) FILTER (WHERE mcp_server IS NOT NULL) AS mcp_users_with_mcp,
      count(*) FILTER (WHERE type = 'skill') AS skills_invocations,
      count(*) FILTER (WHERE type = 'slash_command') AS slash_commands_invocations,
      count(*) FILTER (WHERE type = 'hook') AS hooks_invocations,
      count(DISTINCT user_id) FILTER (WHERE client = 'web') AS web_users
    FROM telemetry_events
    WHERE organization_id = ${org} AND day BETWEEN ${from}::date AND ${to}::date
    GROUP BY GROUPING SETS ((day), (day, tool))
    ORDER BY day`,
  // Daily, weekly and monthly active users (windows reach 29 days before the range), sessions, messages.
  activity: (org, { from, to }) => sql`
    WITH active AS (
      SELECT DISTINCT day, user_id FROM telemetry_events
      WHERE organization_id = ${org} AND day BETWEEN ${from}::date - 29 AND ${to}::date
    ), days AS (
      SELECT d::date AS day FROM generate_series(${from}::date, ${to}::date, interval '1 day') d
    ), counts AS (
      SELECT day, count(DISTINCT user_id) AS daily_active_users, count(*) FILTER (WHERE type = 'session_start') AS sessions,
        count(*) FILTER (WHERE type IN ('user_message', 'assistant_message')) AS messages,
        count(*) FILTER (WHERE type = 'user_message') AS user_messages
      FROM telemetry_events
      WHERE organization_id = ${org} AND day BETWEEN ${from}::date AND ${to}::date
      GROUP BY day
    )
    SELECT days.day, counts.daily_active_users, counts.sessions, counts.messages, counts.user_messages,
      (SELECT count(DISTINCT user_id) FROM active WHERE active.day BETWEEN days.day - 6 AND days.day) AS weekly_active_users,
      (SELECT count(DISTINCT user_id) FROM active WHERE active.day BETWEEN days.day - 29 AND days.day) AS monthly_active_users
    FROM days LEFT JOIN counts ON counts.day = days.day
    ORDER BY days.day`,
  // Day totals, per extension and per language.
  productivity: (org, { from, to }) => sql`
    SELECT day, extension, language, count(*) FILTER (WHERE type = 'file_created') AS files_created,
      count(*) FILTER (WHERE type = 'file_edited') AS files_edited,
      count(*) FILTER (WHERE type = 'git_commit') AS git_commits,
      count(*) FILTER (WHERE type = 'pr_created') AS git_prs_created
    FROM telemetry_events
    WHERE organization_id = ${org} AND day BETWEEN ${from}::date AND ${to}::date
    GROUP BY GROUPING SETS ((day), (day, extension), (day, language))
    ORDER BY day`,
  // The first page of 100 users (byte order), one row per user and day.
  users: (org, { from, to }) => sql`
    SELECT user_id, day, count(*) FILTER (WHERE type = 'tool_call') AS tool_calls, sum(credits) AS billable_tokens,
      count(*) FILTER (WHERE type = 'file_created') AS files_created, count(*) FILTER (WHERE type = 'file_edited') AS files_edited,
      count(*) FILTER (WHERE type = 'git_commit') AS git_commits, count(*) FILTER (WHERE type = 'pr_created') AS git_prs_created,
      count(*) FILTER (WHERE mcp_server IS NOT NULL) AS mcp_calls, count(*) FILTER (WHERE type = 'skill') AS skill_calls,
      count(*) FILTER (WHERE type = 'slash_command') AS slash_commands, count(*) FILTER (WHERE type = 'hook') AS hooks,
      count(*) FILTER (WHERE type = 'session_start') AS sessions, count(*) FILTER (WHERE type = 'user_message') AS user_messages,
      count(*) FILTER (WHERE type = 'assistant_message') AS assistant_messages
    FROM telemetry_events
    WHERE organization_id = ${org} AND day BETWEEN ${from}::date AND ${to}::date
      AND user_id IN (
        SELECT DISTINCT user_id COLLATE "C" FROM telemetry_events
        WHERE organization_id = ${org} AND day BETWEEN ${from}::date AND ${to}::date
        ORDER BY 1 LIMIT 100)
    GROUP BY user_id, day
    ORDER BY user_id COLLATE "C", day`,
};

export async function rawAnswer(db: Db, endpoint: Endpoint, organizationId: string, range: Range): Promise<Record<string, unknown>[]> {
  return (await QUERIES[endpoint](organizationId, range).execute(db)).rows;
}
