// A member's month against its effective limit: the share used, the badge it earns and, at the
// pace of the month so far, the UTC day it would reach the limit.

export const THRESHOLDS = [1, 0.9, 0.75] as const;

export function thresholdReached(used: number, limit: number | null): (typeof THRESHOLDS)[number] | null {
  if (limit === null) return null;
  if (limit === 0) return 1;
  return THRESHOLDS.find((threshold) => used / limit >= threshold) ?? null;
}

/** The month so far: its first day and the closed days (up to yesterday), or null on the 1st. */
export function monthToDate(now = new Date()): { startDate: string; endDate: string; elapsedDays: number; monthDays: number } | null {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const elapsedDays = now.getUTCDate() - 1;
  const monthDays = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  if (elapsedDays === 0) return null;
  const day = (date: number) => new Date(Date.UTC(year, month, date)).toISOString().slice(0, 10);
  return { startDate: day(1), endDate: day(elapsedDays), elapsedDays, monthDays };
}

/** The day (YYYY-MM-DD) the limit is reached at the month's pace so far; null if not this month. */
export function projectedDay(used: number, limit: number | null, now = new Date()): string | null {
  const month = monthToDate(now);
  if (limit === null || !month || used <= 0) return null;
  if (used >= limit) return 'reached';
  const perDay = used / month.elapsedDays;
  const day = Math.ceil(limit / perDay);
  if (day > month.monthDays) return null;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), day)).toISOString().slice(0, 10);
}

export interface BulkRow {
  line: number;
  email: string;
  limit: number | null;
  /** A problem found before sending (the row is not sent). */
  error?: string;
}

/** `email,limit` lines (a header line and blank lines skipped); `none` or empty removes the override. */
export function parseBulk(text: string): BulkRow[] {
  const rows: BulkRow[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || (index === 0 && /^email\s*,/i.test(line))) return;
    const [email = '', value = ''] = line.split(',').map((cell) => cell.trim().replace(/^"|"$/g, ''));
    const text = value.toLowerCase();
    if (text === '' || text === 'none') return void rows.push({ line: index + 1, email, limit: null });
    const limit = Number(text);
    rows.push(Number.isInteger(limit) && limit >= 0 ? { line: index + 1, email, limit } : { line: index + 1, email, limit: null, error: `"${value}" is not a whole number of credits (or none)` });
  });
  return rows;
}
