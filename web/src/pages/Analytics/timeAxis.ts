import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
// './range.js': the server's tests import this module too (test/console/time-axis.test.ts), under
// Node's resolution, which wants the extension; Vite resolves it to range.ts.
import { addDays, daysOf, lengthInDays, type DayRange } from './range.js';

// The dashboard's charts over time: one point a day, a week (Monday to Sunday, UTC) or a calendar
// month. Long ranges default to longer buckets (weeks from 60 days, months from 180), so a
// year reads as twelve points rather than 365; `?by=day|week|month` in the URL changes it.

export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** How the figures of a bucket's days make its one figure: counts add up; levels (active users, ratios) are averaged. */
export type Combine = 'sum' | 'mean';

export interface TimeAxis {
  granularity: Granularity;
  /** For headings: "per day", "per week", "per month". */
  per: string;
  /** Every day of the range. */
  days: string[];
  /** The axis' tick: Nov 3 (with the year when the range spans two), or Mar 2026. */
  tick: (bucket: string) => string;
  /** The tooltip's heading: the day, the week or the month in full. */
  title: (bucket: string) => string;
  /** The days of the range a bucket holds, and how many it would hold whole (a partial first or last week or month holds fewer). */
  coverage: (bucket: string) => { days: number; of: number };
}

export function defaultGranularity(range: DayRange): Granularity {
  const days = lengthInDays(range);
  return days >= 180 ? 'month' : days >= 60 ? 'week' : 'day';
}

/** The first day of the bucket a day falls in (a week starts on Monday, UTC). */
export function bucketOf(day: string, granularity: Granularity): string {
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  if (granularity === 'week') return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
  return day;
}

const monthDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthDayYear = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });
const at = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** How many days a whole bucket starting on `bucket` has. */
function bucketLength(bucket: string, granularity: Granularity): number {
  if (granularity === 'day') return 1;
  if (granularity === 'week') return 7;
  return lengthInDays({ startDate: bucket, endDate: addDays(`${addDays(bucket, 31).slice(0, 7)}-01`, -1) });
}

export function timeAxis(range: DayRange, granularity: Granularity): TimeAxis {
  const spansYears = range.startDate.slice(0, 4) !== range.endDate.slice(0, 4);
  const day = (value: string) => (spansYears ? monthDayYear : monthDay).format(at(value));
  const days = daysOf(range);
  const held = new Map<string, number>();
  for (const value of days) held.set(bucketOf(value, granularity), (held.get(bucketOf(value, granularity)) ?? 0) + 1);
  const coverage = (bucket: string) => ({ days: held.get(bucket) ?? 0, of: bucketLength(bucket, granularity) });
  // A partial bucket (the month so far, a range starting mid-month) says which days it holds, so
  // its smaller sum reads as fewer days, not as a collapse.
  const partialNote = (bucket: string) => {
    const { days: count, of } = coverage(bucket);
    return count < of ? `, ${count} of ${of} days` : '';
  };
  const heldDays = (bucket: string) => days.filter((value) => bucketOf(value, granularity) === bucket);
  return {
    granularity,
    per: `per ${granularity}`,
    days,
    tick: (bucket) => {
      if (granularity !== 'month') return day(bucket);
      const { days: count, of } = coverage(bucket);
      if (count >= of) return monthYear.format(at(bucket));
      const inside = heldDays(bucket);
      return `${monthDay.format(at(inside[0]!))}–${Number(inside[inside.length - 1]!.slice(8))}*`;
    },
    title: (bucket) =>
      granularity === 'month'
        ? `${monthYear.format(at(bucket))} (UTC${partialNote(bucket)})`
        : granularity === 'week'
          ? `Week of ${monthDayYear.format(at(bucket))} (UTC${partialNote(bucket)})`
          : `${monthDayYear.format(at(bucket))} (UTC)`,
    coverage,
  };
}

/** What a chart of levels (averaged per bucket) adds to its heading: nothing for days. */
export function meanNote(axis: TimeAxis): string {
  return axis.granularity === 'day' ? '' : ` (mean of each ${axis.granularity}'s days)`;
}

/** The granularity in the URL, else the range's default. */
export function useTimeAxis(range: DayRange): { axis: TimeAxis; setGranularity: (granularity: Granularity) => void } {
  const [params, setParams] = useSearchParams();
  const asked = params.get('by') as Granularity | null;
  const granularity = asked && GRANULARITIES.includes(asked) ? asked : defaultGranularity(range);
  // One object per range and granularity, so that memoised panels skip re-rendering.
  const axis = useMemo(() => timeAxis(range, granularity), [range, granularity]);
  return {
    axis,
    setGranularity: (value) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('by', value);
        return next;
      }),
  };
}

/**
 * One row per bucket of the range with the given figures: sums of its days (a day without data
 * adds nothing), or means over its days that have data (a day before the organization's history
 * does not pull an average down).
 */
export function timeSeries<T extends { date: string }>(
  axis: TimeAxis,
  rows: readonly T[],
  figures: (row: T) => Record<string, number>,
  zero: Record<string, number>,
  combine: Combine,
): Record<string, string | number>[] {
  const byDay = new Map(rows.map((row) => [row.date, row]));
  const buckets = new Map<string, { totals: Record<string, number>; daysWithData: number }>();
  for (const day of axis.days) {
    const bucket = bucketOf(day, axis.granularity);
    const entry = buckets.get(bucket) ?? { totals: { ...zero }, daysWithData: 0 };
    buckets.set(bucket, entry);
    const row = byDay.get(day);
    if (!row) continue;
    entry.daysWithData += 1;
    for (const [key, value] of Object.entries(figures(row))) entry.totals[key] = (entry.totals[key] ?? 0) + value;
  }
  // Weeks and months start where the data starts: the buckets before the organization's (or the
  // member's) first day with data are not drawn as zeros. Days keep every day of the range.
  const entries = [...buckets.entries()];
  const first = axis.granularity === 'day' ? 0 : entries.findIndex(([, entry]) => entry.daysWithData > 0);
  return entries.slice(Math.max(0, first)).map(([date, { totals, daysWithData }]) => {
    if (combine === 'sum' || daysWithData <= 1) return { date, ...totals };
    return { date, ...Object.fromEntries(Object.entries(totals).map(([key, value]) => [key, value / daysWithData])) };
  });
}
