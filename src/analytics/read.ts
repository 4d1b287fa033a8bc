import { sql } from 'kysely';
import pg from 'pg';
import { copyInTurn, DocumentRanges, copyRowsInTurn, type BinaryRow, type CopyOutPool } from '../db/copy-out.js';
import type { Db } from '../db/store.js';
import { addDays, daysFrom, type DayRange } from '../domain/dates.js';
import { NO_PRICES } from '../domain/prices.js';
import { assembleDay, NO_STATS, type DayRollup } from './assemble.js';

// Reading the aggregated days. Analytics never look at raw events: a day not aggregated (yet)
// reads as a day without events.

export type DailyKind = 'tokens' | 'tools' | 'activity' | 'productivity';

// Long answers are read in chunks and streamed (src/http/streamed.ts): a year of /tokens for
// 1,000 users is 77 MB, and the server never holds it whole. A day of the other kinds is a
// kilobyte or so whatever the number of users: a year of them is one query.
const DAYS_PER_QUERY: Record<DailyKind, number> = { tokens: 31, tools: 366, activity: 366, productivity: 366 };
/** About ten users' year of /users rows: a short range's page takes one query. */
const USER_ROWS_PER_QUERY = 3650;

/**
 * One row per day of the range (from the history start on), zero-filled, as JSON text: the stored
 * documents are served as written (migrations/0003_telemetry.sql). In chunks of DAYS_PER_QUERY
 * days, one query each, the next read while the last is sent.
 */
export async function* dailyDocuments(db: Db, organizationId: string, kind: DailyKind, range: DayRange): AsyncGenerator<string[]> {
  const read = ({ from, to }: { from: string; to: string }) =>
    db
      .selectFrom('analytics_daily')
      .select(['day', sql<string>`${sql.ref(kind)}::text`.as('document')])
      .where('organization_id', '=', organizationId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute();
  for await (const [{ from, to }, stored] of readAhead(queryParts(kind, range), read)) {
    const byDay = new Map(stored.map((row) => [row.day, row.document]));
    yield daysFrom(from, to).map((day) => byDay.get(day) ?? emptyDay(day, kind));
  }
}

/** The range in parts of DAYS_PER_QUERY days, one query each. */
function queryParts(kind: DailyKind, range: DayRange): { from: string; to: string }[] {
  const parts: { from: string; to: string }[] = [];
  for (let from = range.from; from <= range.end; from = addDays(from, DAYS_PER_QUERY[kind])) {
    const last = addDays(from, DAYS_PER_QUERY[kind] - 1);
    parts.push({ from, to: last < range.end ? last : range.end });
  }
  return parts;
}

/** The dimensions whose day rows the rollup stores per endpoint (migrations/0015, 0020; tool_source of /tools, 0061). */
export type GroupDimension = 'agent' | 'repository' | 'tool_source';

/**
 * The group_by=agent or group_by=repository rows of the range as JSON text, by date, then
 * group_key: each day's stored array of rows, as written, without its brackets. A day without
 * events, or not aggregated yet, has no rows. A day's array is a few hundred bytes per group: a
 * year is one query.
 */
export function groupRows(db: Db, organizationId: string, kind: DailyKind, dimension: GroupDimension, range: DayRange): AsyncGenerator<string[]> {
  return storedRows(db, organizationId, `${kind}_by_${dimension}`, range);
}

/**
 * The rows one `json` column of the range's days holds (each day's array of rows, as written),
 * without their brackets, by date. A day without the column (aggregated before it existed) has no rows.
 */
export async function* storedRows(db: Db, organizationId: string, column: string, range: DayRange): AsyncGenerator<string[]> {
  if (range.from > range.end) return;
  const stored = await db
    .selectFrom('analytics_daily')
    .select(sql<string>`${sql.ref(column)}::text`.as('rows'))
    .where('organization_id', '=', organizationId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.end)
    .where(sql<boolean>`${sql.ref(column)} IS NOT NULL`)
    .orderBy('day')
    .execute();
  yield stored.map((day) => day.rows.slice(1, -1)).filter((rows) => rows !== '');
}

/** The document of a day without events (or not aggregated yet). */
const emptyDay = (day: string, kind: DailyKind) => JSON.stringify(assembleDay(day, [], [], NO_STATS, new Map(), NO_PRICES)[kind]);

/**
 * Chunks of rows' JSON bytes as one comma-separated run: a chunk's rows copied into one buffer that
 * begins with the comma after the chunk before (one write each, not two).
 */
async function* joinedBytes(chunks: AsyncIterable<readonly Buffer[]>): AsyncGenerator<Buffer> {
  let afterRows = false;
  for await (const rows of chunks) {
    if (rows.length === 0) continue;
    // A comma before each row, but the very first.
    const joined = Buffer.allocUnsafe(rows.reduce((length, row) => length + 1 + row.length, afterRows ? 0 : -1));
    let at = 0;
    rows.forEach((row, i) => {
      if (i > 0 || afterRows) joined[at++] = COMMA;
      at += row.copy(joined, at);
    });
    yield joined;
    afterRows = true;
  }
}
const COMMA = 0x2c;

/**
 * The documents of dailyDocuments as bytes (db/copy-out.ts), comma-separated, as each part of the
 * answer arrives: the documents' bytes as received (DocumentRanges), a comma written over the last
 * byte of each one's length but the first's, and the days without a row inserted between. On
 * PostgreSQL one COPY for the whole range, read at the client's pace; on the embedded store, which
 * answers a COPY whole (CopyOutPool), one per DAYS_PER_QUERY days.
 */
export async function* dailyDocumentBytes(source: CopyOutPool, organizationId: string, kind: DailyKind, range: DayRange): AsyncGenerator<Buffer> {
  const parts = source.answersAtOnce ? queryParts(kind, range) : [{ from: range.from, to: range.end }];
  const queries = parts.map(
    ({ from, to }) => `SELECT to_char(day, 'YYYY-MM-DD'), ${pg.escapeIdentifier(kind)} FROM analytics_daily
    WHERE organization_id = ${pg.escapeLiteral(organizationId)} AND day BETWEEN ${pg.escapeLiteral(from)} AND ${pg.escapeLiteral(to)}
    ORDER BY day`,
  );
  const days = range.from <= range.end ? daysFrom(range.from, range.end) : [];
  let next = 0;
  let written = false;
  /** The documents of the days before `day` (all that are left without it) that have no row, each after a comma but the very first. */
  const emptyDaysBefore = (day?: string) => {
    const empty: string[] = [];
    for (; next < days.length && (day === undefined || days[next]! < day); next++) empty.push(emptyDay(days[next]!, kind));
    if (day !== undefined) next += 1;
    if (empty.length === 0) return undefined;
    const text = (written ? ',' : '') + empty.join(',');
    written = true;
    return Buffer.from(text);
  };
  for await (const chunks of copyInTurn(source, queries, () => new DocumentRanges())) {
    for (const { bytes, pieces } of chunks) {
      for (const { from, to, key } of pieces) {
        if (key !== undefined) {
          const empty = emptyDaysBefore(key);
          if (empty) yield empty;
        }
        if (key === undefined || !written) yield bytes.subarray(from, to);
        else {
          bytes[from - 1] = COMMA;
          yield bytes.subarray(from - 1, to);
        }
        written = true;
      }
    }
  }
  const empty = emptyDaysBefore();
  if (empty) yield empty;
}

/**
 * Runs `read` for each part in order, one query ahead: the next part is read while the caller
 * sends the one before it. A query that fails while nobody waits for it is not an unhandled
 * rejection; it fails the caller when it gets there.
 */
async function* readAhead<P, R>(parts: readonly P[], read: (part: P) => Promise<R>): AsyncGenerator<[P, R]> {
  const start = (part: P) => {
    const pending = read(part);
    pending.catch(() => undefined);
    return pending;
  };
  let next = parts.length > 0 ? start(parts[0]!) : undefined;
  for (let i = 0; i < parts.length; i++) {
    const result = await next!;
    next = i + 1 < parts.length ? start(parts[i + 1]!) : undefined;
    yield [parts[i]!, result];
  }
}

/** The same rows, parsed. */
export async function dailyRows<K extends DailyKind>(db: Db, organizationId: string, kind: K, range: DayRange): Promise<DayRollup[K][]> {
  const rows: DayRollup[K][] = [];
  for await (const documents of dailyDocuments(db, organizationId, kind, range)) rows.push(...documents.map((document) => JSON.parse(document) as DayRollup[K]));
  return rows;
}

/** Chunks of rows' JSON text as one comma-separated run: a chunk's rows in one text, after a comma. */
export async function* joined(chunks: AsyncIterable<readonly string[]>): AsyncGenerator<string> {
  let separator = '';
  for await (const rows of chunks) {
    if (rows.length === 0) continue;
    yield separator + rows.join(',');
    separator = ',';
  }
}

/**
 * The answer `{"data": [...], "meta": {...}}` whose rows are JSON text already (text or bytes), as
 * they arrive: the rows are not parsed and serialized again. `rows` is the rows comma-separated
 * (joined, joinedBytes), in chunks.
 */
export async function* jsonAnswer(rows: AsyncIterable<string | Buffer>, meta: object): AsyncGenerator<string | Buffer> {
  yield '{"data":[';
  yield* rows;
  yield `],"meta":${JSON.stringify(meta)}}`;
}

export interface UserPage {
  /** The page's users, in byte order. */
  userIds: string[];
  /** The last user id of the page when more users follow, else null. */
  nextCursor: string | null;
}

/**
 * Users with rows in the range, paged by user id (byte order): `limit` users after `cursor`. The
 * candidates come from the organization's users with activity (migrations/0009), in the order of
 * its primary key, whose window meets the range; each is kept when it has a row in the range,
 * looked up by the rows' primary key (a window spans gaps).
 */
export async function userPage(db: Db, organizationId: string, range: DayRange, page: { limit: number; cursor: string | undefined }): Promise<UserPage> {
  if (range.from > range.end) return { userIds: [], nextCursor: null };
  // analytics_user_activity.user_id is COLLATE "C": comparisons and order are byte order.
  let users = db
    .selectFrom('analytics_user_activity as activity')
    .select('activity.user_id')
    .where('activity.organization_id', '=', organizationId)
    .where('activity.first_day', '<=', range.end)
    .where('activity.last_day', '>=', range.from)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('analytics_user_daily as daily')
          .select(sql`1`.as('one'))
          .whereRef('daily.organization_id', '=', 'activity.organization_id')
          .whereRef('daily.user_id', '=', 'activity.user_id')
          .where('daily.day', '>=', range.from)
          .where('daily.day', '<=', range.end),
      ),
    )
    .orderBy('activity.user_id')
    .limit(page.limit + 1);
  if (page.cursor !== undefined) users = users.where('activity.user_id', '>', page.cursor);
  const ids = (await users.execute()).map((row) => row.user_id);
  const userIds = ids.slice(0, page.limit);
  return { userIds, nextCursor: ids.length > page.limit ? userIds[userIds.length - 1]! : null };
}

/** The page's users in runs, as many users per run as fill one query. */
function userRuns(range: DayRange, userIds: readonly string[]): (readonly string[])[] {
  const usersPerQuery = Math.max(1, Math.floor(USER_ROWS_PER_QUERY / daysFrom(range.from, range.end).length));
  const runs: (readonly string[])[] = [];
  for (let i = 0; i < userIds.length; i += usersPerQuery) runs.push(userIds.slice(i, i + usersPerQuery));
  return runs;
}

/**
 * Where a run's rows come from: each user's rows in the range looked up by the rows' primary key
 * (an equality on the user: an index scan whatever the planner's statistics say; a range of user
 * ids let it pick a scan of the whole table and a sort for a small organization), numbered in the
 * run's order. A query orders them by `u.n, d.day`: the answer's order, an incremental sort of
 * rows already grouped by user.
 */
function runRowsFrom(organizationId: string, range: DayRange, run: readonly string[]): string {
  const literal = pg.escapeLiteral;
  return `FROM unnest(ARRAY[${run.map(literal).join(', ')}]::text[]) WITH ORDINALITY AS u (user_id, n)
    CROSS JOIN LATERAL (
      SELECT row, day FROM analytics_user_daily
      WHERE organization_id = ${literal(organizationId)} AND user_id = u.user_id AND day BETWEEN ${literal(range.from)} AND ${literal(range.end)}
      OFFSET 0 -- kept a subquery: flattened into a join, it was planned as a hash join over a scan of the table
    ) d`;
}

/**
 * The rows of a page's users in the range as JSON text, by user id (byte order), then day: a run
 * of the page's users (as many as fill a query) per query, joined by PostgreSQL into one text, the
 * next query read while the last is sent.
 */
export async function* userRows(db: Db, organizationId: string, range: DayRange, userIds: readonly string[]): AsyncGenerator<string[]> {
  const read = (run: readonly string[]) =>
    sql<{ rows: string | null }>`SELECT string_agg(d.row::text, ',' ORDER BY u.n, d.day) AS rows ${sql.raw(runRowsFrom(organizationId, range, run))}`.execute(db);
  for await (const [, result] of readAhead(userRuns(range, userIds), read)) {
    const rows = result.rows[0]?.rows;
    yield rows ? [rows] : [];
  }
}

/**
 * The rows of userRows as bytes (db/copy-out.ts), comma-separated: one COPY per run of
 * users, the next started while the last is sent. (A run read as one range of the primary key, in
 * the answer's order without a sort, was 5-10 % faster for 200 users; for a small organization the
 * planner scans the whole table and sorts instead, 3x slower, and forcing index scans for the
 * query cost more round trips than the sort: docs/performance.md.)
 */
export function userRowBytes(source: CopyOutPool, organizationId: string, range: DayRange, userIds: readonly string[]): AsyncGenerator<Buffer> {
  const queries = userRuns(range, userIds).map((run) => `SELECT d.row ${runRowsFrom(organizationId, range, run)} ORDER BY u.n, d.day`);
  return joinedBytes(onlyFields(copyRowsInTurn(source, queries)));
}

/** Rows of one field: their bytes. */
async function* onlyFields(chunks: AsyncIterable<BinaryRow[]>): AsyncGenerator<Buffer[]> {
  for await (const rows of chunks) yield rows.map(([field]) => field!);
}

/**
 * Each member's last day with agent activity (a /users row), for the members page: a member whose
 * agents send telemetry without them ever signing in is active through agents, not invited.
 */
export async function lastActivityDays(db: Db, organizationId: string, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('analytics_user_activity').select(['user_id', 'last_day']).where('organization_id', '=', organizationId).where('user_id', 'in', userIds).execute();
  return new Map(rows.map((row) => [row.user_id, row.last_day]));
}
