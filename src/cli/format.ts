import { columnsOf, flatten, toCsv } from '../sdk/csv.js';

// How the API commands print what they got (`--format`): json (the default; a list prints as one
// array), ndjson (one JSON value per line), csv (src/http/csv.ts: nested objects flattened with
// dotted keys, arrays as JSON in one cell) and table (the same flattening, aligned columns).

export const FORMATS = ['json', 'ndjson', 'csv', 'table'] as const;
export type Format = (typeof FORMATS)[number];

export function isFormat(value: string): value is Format {
  return (FORMATS as readonly string[]).includes(value);
}

type Row = Record<string, unknown>;

/** A single answer shows as a one-row table or CSV; a scalar as a row with a `value` column. */
function rowsOf(value: unknown): Row[] {
  const items = Array.isArray(value) ? value : [value];
  return items.map((item) => (item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Row) : { value: item }));
}

function table(rows: Row[]): string {
  const flat = rows.map((row) => flatten(row));
  const columns = columnsOf(flat);
  if (columns.length === 0) return '';
  const cells = [columns, ...flat.map((row) => columns.map((column) => (row[column] === undefined || row[column] === null ? '' : String(row[column]).replace(/\s+/g, ' '))))];
  const widths = columns.map((_, index) => Math.max(...cells.map((line) => line[index]!.length)));
  return cells.map((line) => `${line.map((cell, index) => cell.padEnd(widths[index]!)).join('  ').trimEnd()}\n`).join('');
}

/** The text printed for an answer, or for the items of a list (an array). */
export function formatOutput(value: unknown, format: Format): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(value, null, 2)}\n`;
    case 'ndjson':
      return (Array.isArray(value) ? value : [value]).map((item) => `${JSON.stringify(item)}\n`).join('');
    case 'csv':
      return toCsv(rowsOf(value));
    case 'table':
      return table(rowsOf(value));
  }
}

/** A one-line progress bar: `[########------------] 400/1000 events`. */
export function progressBar(done: number, total: number, unit: string): string {
  const width = 20;
  const filled = total > 0 ? Math.round((done / total) * width) : width;
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${unit}`;
}
