import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

// The analytics date range, held in the URL (?days=30, or ?start=…&end=… for a custom range) so
// a view can be shared. Days are UTC; the last day with data is yesterday (24-hour lag).

export interface DayRange {
  startDate: string;
  endDate: string;
}

export const PRESETS = [7, 30, 90, 365] as const;
export const DEFAULT_PRESET = 30;
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

/** The period of the same length just before `range` (for the KPI cards' change). */
export function previousPeriod(range: DayRange): DayRange {
  const length = lengthInDays(range);
  return { startDate: addDays(range.startDate, -length), endDate: addDays(range.startDate, -1) };
}

export function presetRange(days: number): DayRange {
  const endDate = yesterday();
  return { startDate: addDays(endDate, -(days - 1)), endDate };
}

/** Every day of the range, so charts show days without data as zero rather than skipping them. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.startDate; day <= range.endDate; day = addDays(day, 1)) days.push(day);
  return days;
}

export type RangeChoice = { kind: 'preset'; days: number } | { kind: 'custom' };

/** The range in the URL; a missing or unusable one is the default preset. */
export function useDayRange(): { range: DayRange; choice: RangeChoice; setPreset: (days: number) => void; setCustom: (range: DayRange) => void; search: string } {
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
    const days = Number(params.get('days'));
    const preset = (PRESETS as readonly number[]).includes(days) ? days : DEFAULT_PRESET;
    range = presetRange(preset);
    choice = { kind: 'preset', days: preset };
  }
  // One object per range, so that memoised panels skip re-rendering when another answer arrives.
  const stableRange = useMemo(() => range, [range.startDate, range.endDate]);
  return {
    range: stableRange,
    choice,
    setPreset: (days) => setParams({ days: String(days) }),
    setCustom: (custom) => setParams({ start: custom.startDate, end: custom.endDate }),
    search: params.toString(),
  };
}
