import { Type, type TObject } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { DayRange } from '../domain/dates.js';
import { fromMicroCredits, toMicroCredits } from '../domain/micro-credits.js';
import type { GroupedDayRows } from './assemble.js';
import { byteOrder } from './order.js';
import type { DailyKind } from './read.js';
import { AgentActivityRow, AgentProductivityRow, AgentToolRow, AgentTokenRow } from './schemas.js';

// The team dimension (docs/analytics.md "The team dimension"): group_by=team on /tokens, /tools,
// /activity and /productivity. A team's figures on a day are the sums of its current members'
// figures of the day: membership as it is now, not as it was on the day (docs/decisions.md
// "Teams"). The rollup keeps each user's figures of the day, the same as a group_by row of that
// user alone, as numbers beside the user's day row (migrations 0021, 0023); a team read adds them
// up per day, one query over the members' rows by primary key. A member counts once in each of
// its teams, and the ungrouped rows, computed from events, count every event once whatever the teams.

/** The counts of each endpoint's team rows: a column each, summed as they are. */
const COUNTS = {
  tokens: ['input_tokens', 'output_tokens', 'cache_read_tokens', 'cache_write_tokens'],
  tools: ['tool_calls', 'mcp_calls', 'skills_invocations', 'slash_commands_invocations', 'hooks_invocations', 'decisions_accepted', 'decisions_rejected'],
  activity: ['sessions', 'messages', 'user_messages'],
  productivity: ['files_created', 'files_edited', 'git_commits', 'git_prs_created', 'lines_added', 'lines_removed'],
} as const satisfies Record<DailyKind & keyof GroupedDayRows, readonly string[]>;
type CountColumn = (typeof COUNTS)[keyof typeof COUNTS][number];

/**
 * The amounts of /tokens in whole micro-units (exact sums): Standard Credits, the cost at the
 * organization's prices (null on rows written before costs existed) and the cost the agents
 * reported (null when none did). Beside them, `unpriced_models` (jsonb) names the models left out of the cost.
 */
const AMOUNTS = { credits_micros: 'billable_tokens', cost_micros: 'cost', reported_cost_micros: 'reported_cost_usd' } as const;
type AmountColumn = keyof typeof AMOUNTS;

/** The numbers kept beside each user's day row, in this order. */
export const USER_FIGURE_COLUMNS: readonly (AmountColumn | CountColumn)[] = [...(Object.keys(AMOUNTS) as AmountColumn[]), ...Object.values(COUNTS).flat()];
export type UserFigureColumn = AmountColumn | CountColumn;
export interface UserFigures {
  columns: Record<UserFigureColumn, (number | null)[]>;
  /** Each user's models without a price (JSON arrays), for the unpriced_models column. */
  unpricedModels: string[];
}

const microsOrNull = (amount: number | null | undefined) => (amount === null || amount === undefined ? null : toMicroCredits(amount));

/** Each column's values for the day's users, in the order of `userIds`, from the day's per-user rows. */
export function userFiguresOf(userIds: readonly string[], byUser: GroupedDayRows): UserFigures {
  // The rollup's rows come in the users' order already (both from the day's cells by user): a
  // map of 33,000 users per kind was a tenth of a day's work at 50,000 members.
  const rowsOf = <R extends { group_key: string }>(rows: R[]) => {
    if (rows.length === userIds.length && rows.every((row, i) => row.group_key === userIds[i])) return rows;
    const byId = new Map(rows.map((row) => [row.group_key, row]));
    return userIds.map((userId) => byId.get(userId)!);
  };
  const tokens = rowsOf(byUser.tokens);
  const columns = {
    credits_micros: tokens.map((row) => toMicroCredits(row.billable_tokens)),
    cost_micros: tokens.map((row) => microsOrNull(row.cost)),
    reported_cost_micros: tokens.map((row) => microsOrNull(row.reported_cost_usd)),
  } as Record<UserFigureColumn, (number | null)[]>;
  for (const kind of Object.keys(COUNTS) as (keyof typeof COUNTS)[]) {
    const rows = rowsOf<{ group_key: string } & Record<CountColumn, number>>(byUser[kind] as never);
    for (const column of COUNTS[kind]) columns[column] = rows.map((row) => row[column]);
  }
  return { columns, unpricedModels: tokens.map((row) => JSON.stringify(row.unpriced_models ?? [])) };
}

const TeamName = { team_name: Type.String({ description: 'The team name now (group_key is its id)' }) };
/** A team's row: the grouped row's fields, with the team's name after its id. */
const teamRowOf = (row: TObject): TObject => {
  const { date, group_key, ...figures } = row.properties;
  return Type.Object({ date: date!, group_key: group_key!, ...TeamName, ...figures });
};

/** One row per day and team with at least one member active that day; group_key the team id. */
export const TEAM_ROWS = {
  tokens: teamRowOf(AgentTokenRow),
  tools: teamRowOf(AgentToolRow),
  activity: teamRowOf(AgentActivityRow),
  productivity: teamRowOf(AgentProductivityRow),
} satisfies Partial<Record<DailyKind, TObject>>;
export type TeamKind = keyof typeof TEAM_ROWS;
export const hasTeamRows = (kind: DailyKind): kind is TeamKind => kind in TEAM_ROWS;
/** A row of TEAM_ROWS (their fields: the grouped rows' of schemas.ts). */
export type TeamRow = Record<string, string | number | string[] | null>;

type TeamDay = { date: string; group_key: string; team_name: string; users: string | number; uncosted: string | number; unpriced_models: string[][] | null } & Record<
  UserFigureColumn,
  string | number | null
>;

/**
 * The group_by=team rows of the range, by date, then group_key (byte order); only `teamId`'s when
 * given. Days before the history start are left out, like every grouped row.
 */
export async function teamRows(db: Db, organizationId: string, kind: TeamKind, range: DayRange, teamId?: string): Promise<TeamRow[]> {
  const summed = kind === 'tokens' ? [...(Object.keys(AMOUNTS) as AmountColumn[]), ...COUNTS.tokens] : COUNTS[kind];
  const result = await sql<TeamDay>`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS date, t.id AS group_key, t.name AS team_name, count(*) AS users,
      ${sql.join(summed.map((column) => sql`sum(d.${sql.ref(column)}) AS ${sql.ref(column)}`))},
      -- A day with a member's row not costed yet has no cost (the sum would be too small).
      count(*) FILTER (WHERE d.cost_micros IS NULL) AS uncosted,
      -- Each different list once: members mostly share theirs, and a list per member made a year's
      -- answer parse tens of thousands of arrays (megabytes of garbage per request).
      jsonb_agg(DISTINCT d.unpriced_models) FILTER (WHERE d.unpriced_models <> '[]'::jsonb) AS unpriced_models
    FROM teams t
    JOIN team_members m ON m.organization_id = t.organization_id AND m.team_id = t.id
    JOIN analytics_user_daily d ON d.organization_id = m.organization_id AND d.user_id = m.user_id
      AND d.day BETWEEN ${range.from}::date AND ${range.end}::date
    WHERE t.organization_id = ${organizationId} ${teamId === undefined ? sql`` : sql`AND t.id = ${teamId}`}
    GROUP BY d.day, t.id, t.name
    ORDER BY d.day, t.id`.execute(db);
  const n = (value: string | number | null) => Number(value);
  return result.rows.map((row) => {
    const key = { date: row.date, group_key: row.group_key, team_name: row.team_name };
    const counts = Object.fromEntries(COUNTS[kind].map((column) => [column, n(row[column])]));
    if (kind === 'activity') return { ...key, daily_active_users: n(row.users), ...counts };
    if (kind !== 'tokens') return { ...key, ...counts };
    return {
      ...key,
      billable_tokens: fromMicroCredits(n(row.credits_micros)),
      ...counts,
      ...(n(row.uncosted) === 0 && { cost: fromMicroCredits(n(row.cost_micros)), unpriced_models: [...new Set((row.unpriced_models ?? []).flat())].sort(byteOrder) }),
      reported_cost_usd: row.reported_cost_micros === null ? null : fromMicroCredits(n(row.reported_cost_micros)),
    };
  });
}
