import { describe, expect, it } from 'vitest';
import { percentOf, thresholdsReached } from '../../src/domain/budgets.js';
import { forecastMonthEnd, monthPosition } from '../../src/domain/forecast.js';
import { eventSummary } from '../../src/domain/webhook-events.js';

// The month-end forecast (docs/budgets.md "Forecast") against series whose answer is known by
// hand, where an instant stands in its month, thresholds, and the events' one-line summaries.

const at = (iso: string) => monthPosition(new Date(iso));
const forecast = (iso: string, dailyBefore: number[], today: number) => {
  const position = at(iso);
  expect(dailyBefore).toHaveLength(position.daysBefore.length);
  return forecastMonthEnd({ spent: dailyBefore.reduce((a, b) => a + b, 0) + today, dailyBefore, daysInMonth: position.daysInMonth, todayElapsed: position.todayElapsed });
};

describe('month position', () => {
  it('knows the days of the month, the days before today and how much of today passed', () => {
    expect(at('2026-11-15T06:00:00Z')).toMatchObject({ month: '2026-11', firstDay: '2026-11-01', today: '2026-11-15', daysInMonth: 30, todayElapsed: 0.25 });
    expect(at('2026-11-15T06:00:00Z').daysBefore).toHaveLength(14);
    expect(at('2028-02-29T23:59:59.999Z')).toMatchObject({ daysInMonth: 29, today: '2028-02-29' });
    expect(at('2026-12-31T12:00:00Z')).toMatchObject({ daysInMonth: 31, month: '2026-12' });
    expect(at('2027-01-01T00:00:00Z')).toMatchObject({ month: '2027-01', daysBefore: [], todayElapsed: 0 });
  });
});

describe('forecastMonthEnd', () => {
  it('a flat series ends at the daily rate times the days of the month', () => {
    expect(forecast('2026-11-15T00:00:00Z', Array(14).fill(10), 0)).toBe(300);
    expect(forecast('2026-11-15T12:00:00Z', Array(14).fill(10), 5)).toBe(300);
  });

  it('a rising series is carried on at the average of the last seven whole days', () => {
    // Day i spent i: the last seven whole days (4..10) average 7; 19.5 days are left.
    expect(forecast('2026-11-11T12:00:00Z', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 5)).toBe(60 + 7 * 19.5);
  });

  it('early in the month averages the whole days there are', () => {
    expect(forecast('2026-11-03T00:00:00Z', [4, 8], 0)).toBe(12 + 6 * 28);
  });

  it("on the month's first day, extrapolates today's rate, counting at least an hour", () => {
    // 6 hours in, 3 spent: 12 a day for the 29.75 days left.
    expect(forecast('2026-11-01T06:00:00Z', [], 3)).toBe(3 + 12 * 29.75);
    // 6 minutes in, 1 spent: counted as an hour (24 a day), not as 240 a day.
    expect(forecast('2026-11-01T00:06:00Z', [], 1)).toBeCloseTo(1 + 24 * (30 - 0.1 / 24), 6);
  });

  it('on the last day, adds only what is left of it', () => {
    expect(forecast('2026-11-30T18:00:00Z', Array(29).fill(10), 7.5)).toBe(300);
  });

  it('without usage forecasts zero', () => {
    expect(forecast('2026-11-01T00:00:00Z', [], 0)).toBe(0);
    expect(forecast('2026-11-20T10:00:00Z', Array(19).fill(0), 0)).toBe(0);
  });
});

describe('thresholds', () => {
  it('are reached at exactly their share of the amount, in fixed point', () => {
    expect(thresholdsReached(0.4, 0.5, [50, 80, 100])).toEqual([50, 80]);
    expect(thresholdsReached(0.399999, 0.5, [50, 80, 100])).toEqual([50]);
    expect(thresholdsReached(1000, 100, [50, 1000])).toEqual([50, 1000]);
    expect(thresholdsReached(0, 100, [1])).toEqual([]);
    expect(percentOf(1, 3)).toBe(33.33);
  });
});

describe('event summaries', () => {
  it('say the budget, scope, threshold and figures, and the member and limit', () => {
    expect(eventSummary('budget.threshold_crossed', { budgetId: 'bdg_1', scope: 'organization', unit: 'money', currency: 'EUR', amount: 500, threshold: 80, spent: 401.5, month: '2026-11' })).toBe(
      "The organization's budget bdg_1 crossed 80 % in 2026-11: 401.5 of 500 EUR.",
    );
    expect(eventSummary('budget.threshold_crossed', { budgetId: 'bdg_2', scope: 'team', teamId: 'team_9', unit: 'credits', amount: 100, threshold: 50, spent: 50, month: '2026-11' })).toBe(
      "Team team_9's budget bdg_2 crossed 50 % in 2026-11: 50 of 100 Standard Credits.",
    );
    expect(eventSummary('member.limit_reached', { userId: 'usr_1', month: '2026-11', limit: 30, used: 31 })).toBe('User usr_1 reached their monthly credit limit: 31 of 30 Standard Credits used in 2026-11.');
  });
});
