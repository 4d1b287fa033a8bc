import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

// Rows written through COPY ... FROM STDIN, PostgreSQL's fastest way in: it buffers the rows and
// inserts them many at a time, where INSERT ... SELECT FROM unnest() inserts one by one. Such a
// statement runs through Kysely like any other, inside its transaction, with its rows as the one
// parameter (`CopyInRows`): the pool Kysely uses (db/prepared.ts) streams them. PostgreSQL only:
// the embedded store's socket does not carry COPY FROM STDIN (PGlite loses the protocol's
// synchronization), only COPY TO STDOUT (db/copy-out.ts).

/** The rows of a COPY ... FROM STDIN statement, in COPY's text format. */
export class CopyInRows {
  constructor(readonly text: string) {}
}

const SPECIAL = /[\\\n\r\t]/;
const SPECIALS = /[\\\n\r\t]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A value as a field of COPY's text format: \N for null, backslash escapes in text. */
function field(value: string | number | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return SPECIAL.test(value) ? value.replace(SPECIALS, (special) => ESCAPES[special]!) : value;
}

/**
 * The rows `rows` (indexes into every column) in COPY's text format, fields in the order of
 * `columns`; `constant` leads every row (a value the same for all, such as the organization).
 */
export function copyInRows(columns: readonly (readonly (string | number | null)[])[], rows: readonly number[], constant: string): CopyInRows {
  // Each row's fields joined, then the rows: flat strings, where text appended field by field
  // makes a rope that costs more to turn into bytes than to build.
  const lines = new Array<string>(rows.length + 1);
  const fields = new Array<string>(columns.length + 1);
  fields[0] = field(constant);
  rows.forEach((row, line) => {
    columns.forEach((column, i) => (fields[i + 1] = field(column[row] ?? null)));
    lines[line] = fields.join('\t');
  });
  lines[rows.length] = '';
  return new CopyInRows(lines.join('\n'));
}

/** Runs a COPY ... FROM STDIN on the client, sending the rows; resolves as a query result would. */
export async function copyIn(client: pg.PoolClient, statement: string, rows: CopyInRows): Promise<{ command: string; rowCount: number; rows: never[] }> {
  const stream = client.query(copyFrom(statement));
  await new Promise<void>((resolve, reject) => {
    stream.once('finish', resolve);
    stream.once('error', reject);
    stream.end(rows.text);
  });
  return { command: 'COPY', rowCount: stream.rowCount, rows: [] };
}
