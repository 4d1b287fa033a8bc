// The month so far (the closed days analytics has for members without a limit) and the bulk
// edit's lines. A member's standing against a limit is components/Standing.tsx's one rule.

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
