import { Type } from '@sinclair/typebox';
import { analyticsRange, type DayRange } from '../domain/dates.js';
import { byteOrder } from './order.js';

// What the five analytics endpoints share: the date query, the range rules, `meta`, and the
// flattening of one breakdown into grouped rows.

export const DateQuery = {
  startDate: Type.String({ description: 'YYYY-MM-DD (UTC), first day' }),
  endDate: Type.String({ description: 'YYYY-MM-DD (UTC), last day; at the latest yesterday' }),
};

export function rangeOf(historyStart: string, query: { startDate: string; endDate: string }): DayRange {
  return analyticsRange(query.startDate, query.endDate, historyStart, new Date());
}

export function metaOf(organizationId: string, range: DayRange) {
  return { org_id: organizationId, start_date: range.start, end_date: range.end };
}

/** One row per day and group present that day, ordered by date, then group_key (byte order). */
export function groupedRows<R extends { date: string }, G extends object>(rows: R[], groups: (row: R) => (G & { group_key: string })[]) {
  return rows.flatMap((row) => groups(row).sort((a, b) => byteOrder(a.group_key, b.group_key)).map((group) => ({ date: row.date, ...group })));
}
