import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { daysFrom, type DayRange } from '../domain/dates.js';
import { assembleDay, NO_STATS, type DayRollup } from './assemble.js';

// Reading the aggregated days. Analytics never look at raw events: a day not aggregated (yet)
// reads as a day without events.

export type DailyKind = 'tokens' | 'tools' | 'activity' | 'productivity';

/**
 * One row per day of the range (from the history start on), zero-filled, as JSON text: the stored
 * documents are served as written (migrations/0003_telemetry.sql).
 */
export async function dailyDocuments(db: Db, organizationId: string, kind: DailyKind, range: DayRange): Promise<string[]> {
  if (range.from > range.end) return [];
  const stored = await db
    .selectFrom('analytics_daily')
    .select(['day', sql<string>`${sql.ref(kind)}::text`.as('document')])
    .where('organization_id', '=', organizationId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.end)
    .execute();
  const byDay = new Map(stored.map((row) => [row.day, row.document]));
  return daysFrom(range.from, range.end).map((day) => byDay.get(day) ?? JSON.stringify(assembleDay(day, [], NO_STATS, new Map())[kind]));
}

/** The same rows, parsed. */
export async function dailyRows<K extends DailyKind>(db: Db, organizationId: string, kind: K, range: DayRange): Promise<DayRollup[K][]> {
  return (await dailyDocuments(db, organizationId, kind, range)).map((document) => JSON.parse(document) as DayRollup[K]);
}

/** An answer `{"data": [...], "meta": {...}}` built from rows that are JSON text already. */
export function jsonAnswer(rows: readonly string[], meta: object): string {
  return `{"data":[${rows.join(',')}],"meta":${JSON.stringify(meta)}}`;
}

export interface UserPage {
  /** The page's users, in byte order. */
  userIds: string[];
  /** The last user id of the page when more users follow, else null. */
  nextCursor: string | null;
}

/** Users with rows in the range, paged by user id (byte order): `limit` users after `cursor`. */
export async function userPage(db: Db, organizationId: string, range: DayRange, page: { limit: number; cursor: string | undefined }): Promise<UserPage> {
  if (range.from > range.end) return { userIds: [], nextCursor: null };
  let users = userDays(db, organizationId, range).select('user_id').groupBy('user_id').orderBy(sql`user_id COLLATE "C"`).limit(page.limit + 1);
  if (page.cursor !== undefined) users = users.where(sql`user_id COLLATE "C"`, '>', page.cursor);
  const ids = (await users.execute()).map((row) => row.user_id);
  const userIds = ids.slice(0, page.limit);
  return { userIds, nextCursor: ids.length > page.limit ? userIds[userIds.length - 1]! : null };
}

/** The rows of these users in the range as JSON text: by user id (byte order), then day. */
export async function userRows(db: Db, organizationId: string, range: DayRange, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await userDays(db, organizationId, range)
    .select(sql<string>`row::text`.as('row'))
    .where('user_id', 'in', userIds)
    .orderBy(sql`user_id COLLATE "C"`)
    .orderBy('day')
    .execute();
  return rows.map((row) => row.row);
}

function userDays(db: Db, organizationId: string, range: DayRange) {
  return db.selectFrom('analytics_user_daily').where('organization_id', '=', organizationId).where('day', '>=', range.from).where('day', '<=', range.end);
}
