import { describe, expect, it } from 'vitest';
import { comparisonLabel, previousPeriod } from '../../web/src/pages/Analytics/range.js';
import { meanSinceHistory } from '../../web/src/pages/Analytics/totals.js';

// The dashboard compares like with like (issue 52): a month so far against the same days of the
// month before, any other range against as many days just before; a mean of daily active users
// only over the days since the history began. Against references written out by hand.

describe('what a range is compared with', () => {
  it('compares this month so far with the same days of last month, a whole month with the whole month before', () => {
    expect(previousPeriod({ startDate: '2026-12-01', endDate: '2026-12-05' })).toEqual({ startDate: '2026-11-01', endDate: '2026-11-05' });
    expect(previousPeriod({ startDate: '2026-11-01', endDate: '2026-11-30' })).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
    // March 1–30 against all of February (it has no 29th or 30th in 2026); March 1–15 against Feb 1–15.
    expect(previousPeriod({ startDate: '2026-03-01', endDate: '2026-03-30' })).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(previousPeriod({ startDate: '2026-03-01', endDate: '2026-03-15' })).toEqual({ startDate: '2026-02-01', endDate: '2026-02-15' });
    // Across a year's turn.
    expect(previousPeriod({ startDate: '2027-01-01', endDate: '2027-01-09' })).toEqual({ startDate: '2026-12-01', endDate: '2026-12-09' });
  });

  it('compares any other range with as many days just before it', () => {
    expect(previousPeriod({ startDate: '2026-11-06', endDate: '2026-12-05' })).toEqual({ startDate: '2026-10-07', endDate: '2026-11-05' });
    expect(previousPeriod({ startDate: '2026-11-29', endDate: '2026-12-05' })).toEqual({ startDate: '2026-11-22', endDate: '2026-11-28' });
    // Starts on a 1st but spans two months: days, not a month.
    expect(previousPeriod({ startDate: '2026-11-01', endDate: '2026-12-05' })).toEqual({ startDate: '2026-09-27', endDate: '2026-10-31' });
  });

  it('says on screen what it compares with', () => {
    expect(comparisonLabel({ startDate: '2026-12-01', endDate: '2026-12-05' })).toBe('vs the same days of last month (Nov 1 – Nov 5)');
    expect(comparisonLabel({ startDate: '2026-11-06', endDate: '2026-12-05' })).toBe('vs the previous 30 days (Oct 7 – Nov 5)');
  });
});

describe('the mean of daily active users', () => {
  it('averages over the days since the first day with activity, not the days before the history began', () => {
    // 365 days ending 2026-12-05; the history begins 2026-11-26 (10 days), 3 users a day, 0 on one day.
    const rows = [
      { date: '2026-11-20', daily_active_users: 0 },
      ...Array.from({ length: 10 }, (_, index) => ({ date: `2026-${index < 5 ? '11' : '12'}-${String(index < 5 ? 26 + index : index - 4).padStart(2, '0')}`, daily_active_users: index === 3 ? 0 : 3 })),
    ];
    expect(rows.at(-1)!.date).toBe('2026-12-05');
    expect(meanSinceHistory(rows, { startDate: '2025-12-06', endDate: '2026-12-05' })).toBeCloseTo(27 / 10, 10);
    expect(meanSinceHistory([], { startDate: '2025-12-06', endDate: '2026-12-05' })).toBe(0);
  });
});

describe('MCP servers over a range', () => {
  it('merges servers whose names differ by case only, in the spelling with the most calls', async () => {
    const { sumByFoldingCase } = await import('../../web/src/pages/Analytics/totals.js');
    const days = [
      { servers: [{ name: 'GitHub', value: 5 }, { name: 'linear', value: 2 }] },
      { servers: [{ name: 'github', value: 7 }, { name: 'Linear', value: 1 }, { name: 'GITHUB', value: 1 }] },
    ];
    expect(sumByFoldingCase(days, (day) => day.servers)).toEqual([
      { name: 'github', value: 13 },
      { name: 'linear', value: 3 },
    ]);
  });
});
