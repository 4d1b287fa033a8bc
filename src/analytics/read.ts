import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { daysFrom, type DayRange } from '../domain/dates.js';
import { assembleDay, NO_STATS, type DayRollup } from './assemble.js';
import type { UserRow } from './schemas.js';

// Reading the aggregated days. Analytics never look at raw events: a day not aggregated (yet)
// reads as a day without events.

export type DailyKind = 'tokens' | 'tools' | 'activity' | 'productivity';

/** One row per day of the range (from the history start on), zero-filled. */
export async function dailyRows<K extends DailyKind>(db: Db, organizationId: string, kind: K, range: DayRange): Promise<DayRollup[K][]> {
  if (range.from > range.end) return [];
  const stored = await db
    .selectFrom('analytics_daily')
    .select(['day', sql.ref<DayRollup[K]>(kind).as('document')])
    .where('organization_id', '=', organizationId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.end)
    .execute();
  const byDay = new Map(stored.map((row) => [row.day, row.document as DayRollup[K]]));
  return daysFrom(range.from, range.end).map((day) => byDay.get(day) ?? assembleDay(day, [], NO_STATS, new Map())[kind]);
}

export interface UserPage {
  rows: UserRow[];
  /** The last user id of the page when more users follow, else null. */
  nextCursor: string | null;
}

/** Per-user rows, paged by user id (byte order): `limit` users after `cursor`, each with its days in order. */
export async function userRows(db: Db, organizationId: string, range: DayRange, page: { limit: number; cursor: string | undefined }): Promise<UserPage> {
  if (range.from > range.end) return { rows: [], nextCursor: null };
  const inRange = db
    .selectFrom('analytics_user_daily')
    .where('organization_id', '=', organizationId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.end);
  let users = inRange.select('user_id').groupBy('user_id').orderBy(sql`user_id COLLATE "C"`).limit(page.limit + 1);
  if (page.cursor !== undefined) users = users.where(sql`user_id COLLATE "C"`, '>', page.cursor);
  const ids = (await users.execute()).map((row) => row.user_id);
  const shown = ids.slice(0, page.limit);
  if (shown.length === 0) return { rows: [], nextCursor: null };
  const rows = await inRange.select('row').where('user_id', 'in', shown).orderBy(sql`user_id COLLATE "C"`).orderBy('day').execute();
  return { rows: rows.map((row) => row.row as UserRow), nextCursor: ids.length > page.limit ? shown[shown.length - 1]! : null };
}
