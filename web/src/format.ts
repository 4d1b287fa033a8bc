// How the console writes times: the person's locale, dates only where time of day does not matter.
// The formatters are made once: building one per call (toLocaleDateString with options) cost most
// of a second when a year of charts formatted their axes.

const date = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const utcDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const utcDayOfYear = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

export function formatDate(ms: number | null, fallback = '—'): string {
  return ms === null ? fallback : date.format(ms);
}

export function formatDateTime(ms: number | null, fallback = '—'): string {
  return ms === null ? fallback : dateTime.format(ms);
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
const exact = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** For people: 1.2M tokens, 3.4K credits (axes, cards, tables). */
export function formatCompact(value: number): string {
  return compact.format(value);
}

const money = new Map<string, Intl.NumberFormat>();

/**
 * An amount of a currency (ISO 4217 code) to the precision it has: at least the currency's own
 * digits ($1,234.56), and below 100 up to four decimals when the amount has them ($0.125, $0.0031:
 * a model call's cost or a small budget are not rounded away to $0.13 or $0.00). From 100 on,
 * cents are what a person reads.
 */
export function formatMoney(value: number, currency: string): string {
  const fine = Math.abs(value) < 100;
  const key = `${currency}/${fine}`;
  let format = money.get(key);
  if (!format) {
    const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().minimumFractionDigits ?? 2;
    money.set(key, (format = new Intl.NumberFormat('en', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: fine ? Math.max(digits, 4) : digits })));
  }
  return format.format(value);
}

/** Every digit (tooltips, CSV-equivalent views): 3,412.5. */
export function formatExact(value: number): string {
  return exact.format(value);
}

export function formatPercent(ratio: number): string {
  return `${(ratio * 100).toFixed(ratio < 0.1 && ratio > 0 ? 1 : 0)} %`;
}

/** A UTC day (YYYY-MM-DD) written for people, without moving it into the local time zone. */
export function formatDay(day: string): string {
  return utcDay.format(Date.parse(`${day}T00:00:00Z`));
}

/** The same without the year (chart axes). */
export function formatDayOfYear(day: string): string {
  return utcDayOfYear.format(Date.parse(`${day}T00:00:00Z`));
}

/** 850 ms, 12.3 s, 4 min 5 s, 2 h 10 min: durations as a person reads them. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min ${Math.floor((ms % 60_000) / 1000)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const preciseMoney = new Map<string, Intl.NumberFormat>();

/** A small amount to three significant digits ($0.00312), where cents would round it to $0.00: a single call's cost. */
export function formatMoneyPrecise(value: number, currency: string): string {
  if (Math.abs(value) >= 1 || value === 0) return formatMoney(value, currency);
  let format = preciseMoney.get(currency);
  if (!format) preciseMoney.set(currency, (format = new Intl.NumberFormat('en', { style: 'currency', currency, maximumSignificantDigits: 3 })));
  return format.format(value);
}

const names = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Names as people sort them: numbers by value (User 2 before User 10), case and accents aside. */
export function compareNames(a: string, b: string): number {
  return names.compare(a, b);
}
