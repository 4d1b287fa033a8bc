import { describe, expect, it } from 'vitest';
import { bucketOf, defaultGranularity, timeAxis, timeSeries } from '../../web/src/pages/Analytics/timeAxis.js';

// The dashboard's buckets of days, against a reference written differently: weeks found by
// walking back to a Monday one day at a time, months by the calendar's month number.

const DAY_MS = 86_400_000;
const dayAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function referenceWeekStart(day: string): string {
  let ms = Date.parse(`${day}T00:00:00Z`);
  while (new Date(ms).getUTCDay() !== 1) ms -= DAY_MS;
  return dayAt(ms);
}

describe('the dashboard time axis', () => {
  it('defaults to days up to 59 days, weeks from 60, months from 180', () => {
    const range = (days: number) => ({ startDate: dayAt(Date.parse('2026-11-27T00:00:00Z') - (days - 1) * DAY_MS), endDate: '2026-11-27' });
    expect([7, 30, 59, 60, 90, 179, 180, 365].map((days) => defaultGranularity(range(days)))).toEqual(['day', 'day', 'day', 'week', 'week', 'week', 'month', 'month']);
  });

  it('puts each day in the week starting on its Monday and in its calendar month', () => {
    for (let ms = Date.parse('2025-12-01T00:00:00Z'); ms < Date.parse('2026-03-10T00:00:00Z'); ms += DAY_MS) {
      const day = dayAt(ms);
      expect(bucketOf(day, 'week')).toBe(referenceWeekStart(day));
      expect(bucketOf(day, 'month')).toBe(`${new Date(ms).getUTCFullYear()}-${String(new Date(ms).getUTCMonth() + 1).padStart(2, '0')}-01`);
      expect(bucketOf(day, 'day')).toBe(day);
    }
  });

  it('adds counts per bucket and averages levels over the days that have data only', () => {
    const range = { startDate: '2026-10-28', endDate: '2026-11-24' };
    // Data on some days only: the organization's history starts on 2026-11-04.
    const rows = [
      { date: '2026-11-04', users: 4, sessions: 10 },
      { date: '2026-11-05', users: 2, sessions: 3 },
      { date: '2026-11-11', users: 6, sessions: 7 },
      { date: '2026-11-24', users: 1, sessions: 1 },
    ];
    const figures = (row: (typeof rows)[number]) => ({ users: row.users, sessions: row.sessions });
    const axis = timeAxis(range, 'week');
    const sums = timeSeries(axis, rows, figures, { users: 0, sessions: 0 }, 'sum');
    const means = timeSeries(axis, rows, figures, { users: 0, sessions: 0 }, 'mean');
    // The reference: group by the walked-back Monday, sum, and average over the rows present.
    const expected = new Map<string, { sessions: number; users: number[] }>();
    for (let ms = Date.parse(`${range.startDate}T00:00:00Z`); ms <= Date.parse(`${range.endDate}T00:00:00Z`); ms += DAY_MS) {
      const week = referenceWeekStart(dayAt(ms));
      if (!expected.has(week)) expected.set(week, { sessions: 0, users: [] });
      const row = rows.find((candidate) => candidate.date === dayAt(ms));
      if (row) {
        expected.get(week)!.sessions += row.sessions;
        expected.get(week)!.users.push(row.users);
      }
    }
    // The weeks before the history's first day are not drawn (as zeros): the chart starts where the data does.
    const weeks = [...expected].filter((_, index, all) => all.slice(0, index + 1).some(([, bucket]) => bucket.users.length > 0));
    expect(sums.map((row) => [row.date, row.sessions])).toEqual(weeks.map(([week, bucket]) => [week, bucket.sessions]));
    expect(means.map((row) => [row.date, row.users])).toEqual(weeks.map(([week, bucket]) => [week, bucket.users.length ? bucket.users.reduce((a, b) => a + b, 0) / bucket.users.length : 0]));
    expect(sums[0]!.date).toBe('2026-11-02');
    // Days keep every day of the range, before the history too.
    expect(timeSeries(timeAxis(range, 'day'), rows, figures, { users: 0, sessions: 0 }, 'sum')).toHaveLength(28);
  });

  it('starts a year of months at the history and marks the month so far as partial, not a collapse', () => {
    // 365 days ending 2026-12-05; history from 2026-09-14.
    const range = { startDate: '2025-12-06', endDate: '2026-12-05' };
    const rows: { date: string; credits: number }[] = [];
    for (let ms = Date.parse('2026-09-14T00:00:00Z'); ms <= Date.parse('2026-12-05T00:00:00Z'); ms += DAY_MS) rows.push({ date: dayAt(ms), credits: 10 });
    const axis = timeAxis(range, 'month');
    const months = timeSeries(axis, rows, (row) => ({ credits: row.credits }), { credits: 0 }, 'sum');
    expect(months.map((row) => [row.date, row.credits])).toEqual([
      ['2026-09-01', 170],
      ['2026-10-01', 310],
      ['2026-11-01', 300],
      ['2026-12-01', 50],
    ]);
    // December holds 5 of its 31 days: the axis says which, the tooltip how many.
    expect(axis.coverage('2026-12-01')).toEqual({ days: 5, of: 31 });
    expect(axis.tick('2026-12-01')).toMatch(/^Dec 1–5\*$/);
    expect(axis.title('2026-12-01')).toContain('5 of 31 days');
    expect(axis.coverage('2026-11-01')).toEqual({ days: 30, of: 30 });
    expect(axis.tick('2026-11-01')).toMatch(/^Nov 2026$/);
    expect(axis.title('2026-11-01')).not.toContain('days');
  });

  it('writes the year on the axis when a range spans two', () => {
    const within = timeAxis({ startDate: '2026-03-01', endDate: '2026-05-01' }, 'day');
    const across = timeAxis({ startDate: '2025-12-01', endDate: '2026-02-01' }, 'day');
    expect(within.tick('2026-03-02')).not.toContain('2026');
    expect(across.tick('2026-01-05')).toContain('2026');
    expect(timeAxis({ startDate: '2025-12-01', endDate: '2026-11-27' }, 'month').tick('2026-01-01')).toContain('2026');
    expect(timeAxis({ startDate: '2026-01-01', endDate: '2026-03-31' }, 'week').title('2026-01-05')).toMatch(/^Week of .*2026 \(UTC\)$/);
  });
});
