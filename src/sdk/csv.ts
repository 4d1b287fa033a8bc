// CSV for spreadsheets, in one place (the analytics `Accept: text/csv` answers, the CLI's
// `--format csv` and the console's downloads): RFC 4180 (comma, CRLF, fields quoted when needed, quotes doubled), rows
// flattened so that every cell holds one value, and cells that a spreadsheet would run as a
// formula prefixed with an apostrophe.

export type Cell = string | number | boolean | null | undefined;

/**
 * One flat record: nested objects become dotted keys (`daily_active_users_by_client.web`);
 * arrays stay one cell holding their JSON (`by_model` → `[{"model_id":...}]`), since their
 * items vary in number from row to row.
 */
export function flatten(value: Record<string, unknown>, prefix = '', into: Record<string, Cell> = {}): Record<string, Cell> {
  for (const [key, inner] of Object.entries(value)) {
    const name = prefix + key;
    if (Array.isArray(inner)) into[name] = JSON.stringify(inner);
    else if (inner !== null && typeof inner === 'object') flatten(inner as Record<string, unknown>, `${name}.`, into);
    else into[name] = inner as Cell;
  }
  return into;
}

/** The columns of flattened rows: every key, in the order first seen. */
export function columnsOf(rows: readonly Record<string, Cell>[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) columns.add(key);
  return [...columns];
}

// A spreadsheet runs a cell starting with one of these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  // Numbers and booleans are data, never formulas: a negative number keeps its sign. Credits and
  // costs are fixed point with 6 decimals (the API's): a sum's float noise (0.1 + 0.2) is cut there.
  let text = typeof value === 'number' && !Number.isInteger(value) ? String(Math.round(value * 1e6) / 1e6) : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, ending in CRLF. */
export function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A header line and one line per row (nothing at all for no rows). */
export function toCsv(records: readonly Record<string, unknown>[]): string {
  const rows = records.map((record) => flatten(record));
  const columns = columnsOf(rows);
  if (columns.length === 0) return '';
  return [csvLine(columns), ...rows.map((row) => csvLine(columns.map((column) => row[column])))].join('');
}
