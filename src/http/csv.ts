// CSV for spreadsheets, in one place (the analytics `Accept: text/csv` answers and the CLI's
// `--format csv`): RFC 4180 (comma, CRLF, fields quoted when needed, quotes doubled), rows
// flattened so that every cell holds one value, and cells that a spreadsheet would run as a
// formula prefixed with an apostrophe.

type Cell = string | number | boolean | null | undefined;

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
  // Numbers and booleans are data, never formulas: a negative number keeps its sign.
  let text = String(value);
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

/** Fixed columns, then the records of each batch as it arrives: for answers too long to hold. */
export async function* csvStream(columns: readonly string[], batches: AsyncIterable<readonly Record<string, unknown>[]>): AsyncGenerator<string> {
  yield csvLine(columns);
  for await (const batch of batches) {
    yield batch.map((record) => {
      const row = flatten(record);
      return csvLine(columns.map((column) => row[column]));
    }).join('');
  }
}

/** Whether an Accept header asks for CSV rather than JSON (JSON wins a tie it names). */
export function acceptsCsv(accept: string | undefined): boolean {
  if (!accept) return false;
  let csv = 0;
  let json = 0;
  let any = 0;
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.split(';').map((item) => item.trim().toLowerCase());
    const qParam = params.find((param) => param.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) || 0 : 1;
    if (type === 'text/csv') csv = Math.max(csv, q);
    else if (type === 'application/json') json = Math.max(json, q);
    else if (type === '*/*' || type === 'text/*' || type === 'application/*') any = Math.max(any, q);
  }
  return csv > 0 && csv > json && csv >= any;
}
