import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

// The analytics date range, held in the URL (?days=30, or ?start=…&end=… for a custom range) so
// a view can be shared. Days are UTC; the last day with data is yesterday (24-hour lag).

export interface DayRange {
  startDate: string;
  endDate: string;
}

/** Ranges of days ending yesterday, and calendar months (as credit limits and budgets count). */
export const PRESETS = ['7', '30', '90', '365', 'this-month', 'last-month'] as const;
export type Preset = (typeof PRESETS)[number];
export const DEFAULT_PRESET: Preset = '30';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function yesterday(): string {
  return addDays(new Date().toISOString().slice(0, 10), -1);
}

export function lengthInDays(range: DayRange): number {
  return Math.round((Date.parse(range.endDate) - Date.parse(range.startDate)) / 86_400_000) + 1;
}

/**
 * What a range is compared with, like with like: a range that starts on a month's 1st and stays
 * in that month (this month so far, a whole month) against the same days of the month before
 * (Dec 1–5 against Nov 1–5; a whole month against the whole month before); any other range
 * against the same number of days just before it.
 */
export function previousPeriod(range: DayRange): DayRange {
  if (range.startDate.endsWith('-01') && range.startDate.slice(0, 7) === range.endDate.slice(0, 7)) {
    const lastOfPrevious = addDays(range.startDate, -1);
    const startDate = `${lastOfPrevious.slice(0, 7)}-01`;
    const wholeMonth = addDays(range.endDate, 1).endsWith('-01');
    // The same day numbers, cut at the previous month's end (Mar 1–30 against all of February).
    const sameDay = `${lastOfPrevious.slice(0, 8)}${range.endDate.slice(8)}`;
    return { startDate, endDate: wholeMonth || sameDay > lastOfPrevious ? lastOfPrevious : sameDay };
  }
  const length = lengthInDays(range);
  return { startDate: addDays(range.startDate, -length), endDate: addDays(range.startDate, -1) };
}

const shortDay = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Nov 1 – Nov 5" (UTC), for saying on screen what a figure is compared with. */
export function formatPeriod(range: DayRange): string {
  const day = (value: string) => shortDay.format(Date.parse(`${value}T00:00:00Z`));
  return range.startDate === range.endDate ? day(range.startDate) : `${day(range.startDate)} – ${day(range.endDate)}`;
}

/** The comparison said on screen: "vs the same days of last month (Nov 1 – Nov 5)" or "vs the previous 30 days (…)". */
export function comparisonLabel(range: DayRange): string {
  const before = previousPeriod(range);
  const sameDays = range.startDate.endsWith('-01') && range.startDate.slice(0, 7) === range.endDate.slice(0, 7);
  return `${sameDays ? 'vs the same days of last month' : `vs the previous ${lengthInDays(range)} days`} (${formatPeriod(before)})`;
}

/** A preset's days; null for this month on its 1st, which has no ended day yet. */
export function presetRange(preset: Preset): DayRange | null {
  const endDate = yesterday();
  const today = addDays(endDate, 1);
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  switch (preset) {
    case 'this-month':
      return endDate < firstOfMonth ? null : { startDate: firstOfMonth, endDate };
    case 'last-month': {
      const lastOfPrevious = addDays(firstOfMonth, -1);
      return { startDate: `${lastOfPrevious.slice(0, 7)}-01`, endDate: lastOfPrevious };
    }
    default:
      return { startDate: addDays(endDate, -(Number(preset) - 1)), endDate };
  }
}

export function presetLabel(preset: Preset): string {
  return preset === 'this-month' ? 'This month' : preset === 'last-month' ? 'Last month' : `${preset} days`;
}

/** Every day of the range, so charts show days without data as zero rather than skipping them. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.startDate; day <= range.endDate; day = addDays(day, 1)) days.push(day);
  return days;
}

export type RangeChoice = { kind: 'preset'; preset: Preset } | { kind: 'custom' };

/** The range in the URL; a missing or unusable one is the default preset. */
export function useDayRange(): { range: DayRange; choice: RangeChoice; setPreset: (preset: Preset) => void; setCustom: (range: DayRange) => void; search: string } {
  const [params, setParams] = useSearchParams();
  const start = params.get('start');
  const end = params.get('end');
  const last = yesterday();
  let range: DayRange;
  let choice: RangeChoice;
  if (start && end && DAY.test(start) && DAY.test(end) && start <= end && end <= last) {
    range = { startDate: start, endDate: end };
    choice = { kind: 'custom' };
  } else {
    // ?days=N for ranges of days, ?period=this-month|last-month for calendar months.
    const asked = (params.get('period') ?? params.get('days') ?? '') as Preset;
    const preset = PRESETS.includes(asked) && presetRange(asked) ? asked : DEFAULT_PRESET;
    range = presetRange(preset)!;
    choice = { kind: 'preset', preset };
  }
  // One object per range, so that memoised panels skip re-rendering when another answer arrives.
  const stableRange = useMemo(() => range, [range.startDate, range.endDate]);
  return {
    range: stableRange,
    choice,
    setPreset: (preset) => setParams(Number.isInteger(Number(preset)) ? { days: preset } : { period: preset }),
    setCustom: (custom) => setParams({ start: custom.startDate, end: custom.endDate }),
    search: params.toString(),
  };
}
