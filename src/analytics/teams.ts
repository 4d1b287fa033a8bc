import { Type, type Static } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { DayRange } from '../domain/dates.js';
import { fromMicroCredits, toMicroCredits } from '../domain/micro-credits.js';
import type { Cell } from './assemble.js';
import type { DailyKind } from './read.js';
import { byteOrder } from './order.js';
import { Cost, GroupedRow, type UserRow } from './schemas.js';

// The team dimension (docs/analytics.md "The team dimension"): group_by=team on /tokens and
// /activity, /tokens with the team's cost. A team's figures on a day are the sums of its current members' day rows: membership
// as it is now, not as it was on the day (docs/decisions.md "Teams"). The rollup keeps the figures
// summed beside each user's day row (migrations/0021_teams.sql); a team read adds them up per day,
// one query over the members' rows by primary key. A member counts once in each of its teams, and
// the ungrouped rows, computed from events, count every event once whatever the teams.

/**
 * The numbers kept beside each user's day row (migrations 0021, 0023). Amounts in whole
 * micro-units; the costs are null where the row has none (cost_micros: written before costs
 * existed; reported_cost_micros: no call reported one).
 */
export const USER_FIGURE_COLUMNS = ['credits_micros', 'input_tokens', 'output_tokens', 'cache_read_tokens', 'cache_write_tokens', 'sessions', 'messages', 'user_messages', 'cost_micros', 'reported_cost_micros'] as const;
export type UserFigureColumn = (typeof USER_FIGURE_COLUMNS)[number];
export interface UserFigures {
  columns: Record<UserFigureColumn, (number | null)[]>;
  /** Each user's models without a price (JSON arrays), for the unpriced_models column. */
  unpricedModels: string[];
}

const microsOrNull = (amount: number | null | undefined) => (amount === null || amount === undefined ? null : toMicroCredits(amount));

/** Each column's values for the day's users, in the order of `users`. */
export function userFiguresOf(users: readonly UserRow[], cells: readonly Cell[]): UserFigures {
  const tokens = new Map<string, { input: number; output: number; cacheRead: number; cacheWrite: number }>();
  for (const cell of cells) {
    if (cell.type !== 'model_call') continue;
    const sums = tokens.get(cell.user_id) ?? { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
    sums.input += Number(cell.input_tokens ?? 0);
    sums.output += Number(cell.output_tokens ?? 0);
    sums.cacheRead += Number(cell.cache_read_tokens ?? 0);
    sums.cacheWrite += Number(cell.cache_write_tokens ?? 0);
    tokens.set(cell.user_id, sums);
  }
  const of = (user: UserRow) => tokens.get(user.user_id) ?? { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  const columns = {
    // billable_tokens is the user's micro-credits divided once (assemble.ts): back to the integer.
    credits_micros: users.map((user) => toMicroCredits(user.billable_tokens)),
    input_tokens: users.map((user) => of(user).input),
    output_tokens: users.map((user) => of(user).output),
    cache_read_tokens: users.map((user) => of(user).cacheRead),
    cache_write_tokens: users.map((user) => of(user).cacheWrite),
    sessions: users.map((user) => user.sessions),
    messages: users.map((user) => user.messages),
    user_messages: users.map((user) => user.user_messages),
    // Costs are micro-units divided once too (cost.ts).
    cost_micros: users.map((user) => microsOrNull(user.cost)),
    reported_cost_micros: users.map((user) => microsOrNull(user.reported_cost_usd)),
  };
  return { columns, unpricedModels: users.map((user) => JSON.stringify(user.unpriced_models ?? [])) };
}

const Num = Type.Number();
const TeamName = { team_name: Type.String({ description: 'The team name now (group_key is its id)' }) };

/** One row per day and team with at least one member active that day; group_key the team id. */
export const TeamTokenRow = GroupedRow({ ...TeamName, billable_tokens: Num, input_tokens: Num, output_tokens: Num, cache_read_tokens: Num, cache_write_tokens: Num, ...Cost });
export const TeamActivityRow = GroupedRow({ ...TeamName, daily_active_users: Num, sessions: Num, messages: Num, user_messages: Num });

/** The endpoints with group_by=team, and their rows. */
export const TEAM_ROWS = { tokens: TeamTokenRow, activity: TeamActivityRow } satisfies Partial<Record<DailyKind, unknown>>;
export type TeamKind = keyof typeof TEAM_ROWS;
export const hasTeamRows = (kind: DailyKind): kind is TeamKind => kind in TEAM_ROWS;

type TeamDay = { date: string; group_key: string; team_name: string; uncosted: string | number; unpriced_models: string[][] | null } & Record<UserFigureColumn | 'users', string | number | null>;

/**
 * The group_by=team rows of the range, by date, then group_key (byte order); only `teamId`'s when
 * given. Days before the history start are left out, like every grouped row.
 */
export async function teamRows(db: Db, organizationId: string, kind: TeamKind, range: DayRange, teamId?: string): Promise<Static<(typeof TEAM_ROWS)[TeamKind]>[]> {
  const result = await sql<TeamDay>`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS date, t.id AS group_key, t.name AS team_name, count(*) AS users,
      ${sql.join(USER_FIGURE_COLUMNS.map((column) => sql`sum(d.${sql.ref(column)}) AS ${sql.ref(column)}`))},
      -- A day with a member's row not costed yet has no cost (the sum would be too small).
      count(*) FILTER (WHERE d.cost_micros IS NULL) AS uncosted,
      jsonb_agg(d.unpriced_models) FILTER (WHERE d.unpriced_models <> '[]'::jsonb) AS unpriced_models
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
    return kind === 'tokens'
      ? {
          ...key,
          billable_tokens: fromMicroCredits(n(row.credits_micros)),
          input_tokens: n(row.input_tokens),
          output_tokens: n(row.output_tokens),
          cache_read_tokens: n(row.cache_read_tokens),
          cache_write_tokens: n(row.cache_write_tokens),
          ...(n(row.uncosted) === 0 && { cost: fromMicroCredits(n(row.cost_micros)), unpriced_models: [...new Set((row.unpriced_models ?? []).flat())].sort(byteOrder) }),
          reported_cost_usd: row.reported_cost_micros === null ? null : fromMicroCredits(n(row.reported_cost_micros)),
        }
      : { ...key, daily_active_users: n(row.users), sessions: n(row.sessions), messages: n(row.messages), user_messages: n(row.user_messages) };
  });
}
