import { invalidInput } from './errors.js';

// UTC calendar days ('YYYY-MM-DD'): the one place for day arithmetic and date rules.

const DAY_MS = 86_400_000;
const DAY_FORMAT = /^(\d{4})-(\d{2})-(\d{2})$/;

// Ingestion asks for the day of every event: formatting a date costs more than looking it up.
const dayNames = new Map<number, string>();
const DAY_NAMES_KEPT = 50_000;

/** The UTC day of an instant. */
export function dayOf(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  const index = Math.floor(ms / DAY_MS);
  let name = dayNames.get(index);
  if (name === undefined) {
    name = new Date(ms).toISOString().slice(0, 10);
    if (dayNames.size >= DAY_NAMES_KEPT) dayNames.clear();
    dayNames.set(index, name);
  }
  return name;
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
/** 0001-01-01 and 10000-01-01 as Unix ms: toISOString writes other years with a sign and six digits. */
const FOUR_DIGIT_YEARS = { from: -62_135_596_800_000, to: 253_402_300_800_000 };

/**
 * An instant as Date.prototype.toISOString writes it: its day's name (looked up, as dayOf) and its
 * time of day. Ingestion writes one per event, and this costs a tenth of toISOString.
 */
export function isoInstant(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (!(ms >= FOUR_DIGIT_YEARS.from && ms < FOUR_DIGIT_YEARS.to)) return new Date(ms).toISOString();
  const ofDay = ms - Math.floor(ms / DAY_MS) * DAY_MS;
  const seconds = Math.floor(ofDay / 1000);
  const millis = ofDay - seconds * 1000;
  return `${dayOf(ms)}T${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}

/** A real calendar day in YYYY-MM-DD form (2026-02-30 is not one), else undefined. */
export function parseDay(text: string): string | undefined {
  const match = DAY_FORMAT.exec(text);
  if (!match) return undefined;
  // setUTCFullYear, unlike Date.UTC, keeps years 0-99 as they are. Impossible days roll over into
  // the next month: the round trip catches them.
  const at = new Date(0).setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayOf(at) !== text ? undefined : text;
}

export function addDays(day: string, days: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** Every day from `from` to `to`, both included (empty when from > to). */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export function laterDay(a: string, b: string): string {
  return a > b ? a : b;
}

export interface DayRange {
  /** The requested dates, echoed in `meta`. */
  start: string;
  end: string;
  /** The first day with data: the later of `start` and the history start. */
  from: string;
}

/**
 * The analytics date rules (api.md, decisions.md §4): real YYYY-MM-DD days, start <= end, and
 * nothing from today on, since a day is aggregated only once it has ended.
 */
export function analyticsRange(startDate: string, endDate: string, historyStart: string, now: Date): DayRange {
  const start = parseDay(startDate);
  const end = parseDay(endDate);
  const errors = [
    ...(start ? [] : [{ path: 'querystring/startDate', message: 'must be a real date in YYYY-MM-DD form (UTC)' }]),
    ...(end ? [] : [{ path: 'querystring/endDate', message: 'must be a real date in YYYY-MM-DD form (UTC)' }]),
  ];
  if (!start || !end) throw invalidInput(`${errors[0]!.path}: ${errors[0]!.message}`, errors);
  if (start > end) throw invalidInput('startDate must not be after endDate', [{ path: 'querystring/startDate', message: 'is after endDate' }]);
  const today = dayOf(now);
  if (end >= today) {
    throw invalidInput(`analytics data has a 24-hour lag: the latest day available is yesterday (${addDays(today, -1)} UTC); endDate ${end} is today or later`, [
      { path: 'querystring/endDate', message: 'must be before today (UTC)' },
    ]);
  }
  return { start, end, from: laterDay(start, historyStart) };
}
