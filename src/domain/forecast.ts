import { addDays, dayOf } from './dates.js';
import { toSixDecimals } from './micro-credits.js';

// The month-end forecast of a budget or a member's credits (docs/budgets.md "Forecast"): what is
// spent so far, plus the recent daily rate times what is left of the UTC month. The rate is the
// average of the last FORECAST_WINDOW_DAYS whole days of the month (fewer early in the month),
// so a change of pace shows within a week while one busy day does not swing it. On the month's
// first day there is no whole day yet: the rate is today's spend per elapsed day, with at least
// MIN_ELAPSED_DAY of the day counted, so a few minutes' usage is not multiplied by thousands.

export const FORECAST_WINDOW_DAYS = 7;
export const MIN_ELAPSED_DAY = 1 / 24;

const DAY_MS = 86_400_000;

/** Where an instant stands in its UTC month. */
export interface MonthPosition {
  /** 'YYYY-MM'. */
  month: string;
  /** The month's first day, 'YYYY-MM-DD'. */
  firstDay: string;
  /** The instant's day. */
  today: string;
  daysInMonth: number;
  /** The month's whole days before today, first day first. */
  daysBefore: string[];
  /** How much of today has passed: 0 (midnight) to just under 1. */
  todayElapsed: number;
}

export function monthPosition(now: Date): MonthPosition {
  const today = dayOf(now);
  const firstDay = `${today.slice(0, 7)}-01`;
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const daysInMonth = Math.round((nextMonth.getTime() - Date.parse(`${firstDay}T00:00:00Z`)) / DAY_MS);
  const dayIndex = Number(today.slice(8, 10)) - 1;
  const daysBefore = Array.from({ length: dayIndex }, (_, i) => addDays(firstDay, i));
  const todayElapsed = (now.getTime() - Date.parse(`${today}T00:00:00Z`)) / DAY_MS;
  return { month: today.slice(0, 7), firstDay, today, daysInMonth, daysBefore, todayElapsed };
}

export interface MonthToDate {
  /** Spent so far this month, today's part included. */
  spent: number;
  /** The spend of each whole day of the month before today, first day first. */
  dailyBefore: readonly number[];
  daysInMonth: number;
  /** How much of today has passed, 0 to 1. */
  todayElapsed: number;
}

/** The forecast spend at the end of the month, to 6 decimals (the fixed point of credits and costs). */
export function forecastMonthEnd({ spent, dailyBefore, daysInMonth, todayElapsed }: MonthToDate): number {
  const window = dailyBefore.slice(-FORECAST_WINDOW_DAYS);
  const rate = window.length > 0 ? window.reduce((sum, day) => sum + day, 0) / window.length : spent / Math.max(todayElapsed, MIN_ELAPSED_DAY);
  const remaining = Math.max(0, daysInMonth - dailyBefore.length - todayElapsed);
  return toSixDecimals(spent + rate * remaining);
}
