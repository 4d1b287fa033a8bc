import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

// A query's rows as the bytes the database holds, through COPY (query) TO STDOUT (FORMAT binary):
// a text or json field arrives as its UTF-8 bytes, neither decoded into a JavaScript string by the
// driver nor encoded again on the way out. For answers of megabytes of stored JSON (a year of
// /tokens), decoding and encoding cost the server more than the rest of the answer. Both stores:
// PGlite's socket carries COPY TO STDOUT.

/** Where COPY reads run. */
export interface CopyOutPool {
  pool: pg.Pool;
  /**
   * The embedded store: PGlite writes a query's whole answer into its socket at once, whatever the
   * pace of the reading, so a read's rows are taken whole before any is handed on, and its only
   * connection is free again while they are sent (a slow client must not hold the store); a long
   * read is made in parts. PostgreSQL sends at the reader's pace: rows are handed on as they come.
   */
  answersAtOnce: boolean;
}

/** A row's fields: their bytes, or null. */
export type BinaryRow = (Buffer | null)[];

// The binary COPY format (PostgreSQL's COPY reference, "Binary Format"): an 11-byte signature, a
// 32-bit flags field, a 32-bit header extension length and the extension; then per row a 16-bit
// field count (-1 ends the data) and per field a 32-bit length (-1 for NULL) and the bytes.
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const FIXED_HEADER_BYTES = SIGNATURE.length + 8;

/** Splits the COPY data into rows as it arrives; fields are views into the received bytes. */
export class BinaryCopyParser {
  private pending: Buffer = Buffer.alloc(0);
  private headerRead = false;
  private ended = false;

  /** The rows complete with `chunk` (and what came before it). */
  push(chunk: Buffer): BinaryRow[] {
    let buffer = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    if (!this.headerRead) {
      if (buffer.length < FIXED_HEADER_BYTES) {
        this.pending = buffer;
        return [];
      }
      if (!buffer.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('COPY: not the binary format');
      const extension = buffer.readUInt32BE(SIGNATURE.length + 4);
      if (buffer.length < FIXED_HEADER_BYTES + extension) {
        this.pending = buffer;
        return [];
      }
      buffer = buffer.subarray(FIXED_HEADER_BYTES + extension);
      this.headerRead = true;
    }
    const rows: BinaryRow[] = [];
    let offset = 0;
    while (!this.ended && buffer.length - offset >= 2) {
      const fieldCount = buffer.readInt16BE(offset);
      if (fieldCount === -1) {
        this.ended = true;
        offset += 2;
        break;
      }
      const row: BinaryRow = [];
      let at = offset + 2;
      for (let field = 0; field < fieldCount; field++) {
        if (buffer.length - at < 4) break;
        const length = buffer.readInt32BE(at);
        at += 4;
        if (length === -1) {
          row.push(null);
          continue;
        }
        if (buffer.length - at < length) break;
        row.push(buffer.subarray(at, at + length));
        at += length;
      }
      if (row.length < fieldCount) break;
      rows.push(row);
      offset = at;
    }
    this.pending = buffer.subarray(offset);
    return rows;
  }

  /** Throws unless the data ended where a row ends, with the end marker. */
  end(): void {
    if (!this.ended || this.pending.length > 0) throw new Error('COPY: the data ended inside a row');
  }
}

/**
 * Runs `query` (a SELECT whose values are literals escaped with pg's `escapeLiteral`: COPY
 * takes no parameters) through COPY on a connection of `source`, yielding the rows of each chunk
 * received (on the embedded store, once all are received: CopyOutPool). The connection goes back
 * to the pool when the rows end or the database fails the query (its error ends the COPY), and is
 * closed instead when the reading stops early or fails here (it may be inside an unfinished COPY).
 */
export async function* copyRows(source: CopyOutPool, query: string): AsyncGenerator<BinaryRow[]> {
  const client = await source.pool.connect();
  let connectionReady = false;
  const stream = client.query(copyTo(`COPY (${query}) TO STDOUT (FORMAT binary)`));
  const held: BinaryRow[][] = [];
  try {
    const parser = new BinaryCopyParser();
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const rows = parser.push(chunk);
      if (rows.length === 0) continue;
      if (source.answersAtOnce) held.push(rows);
      else yield rows;
    }
    parser.end();
    connectionReady = true;
  } catch (error) {
    // The database's error ends the COPY and leaves the connection ready for the next query: kept,
    // for the embedded store's only connection, closed and opened again at once, can be refused.
    connectionReady = error instanceof pg.DatabaseError;
    throw error;
  } finally {
    if (!connectionReady) stream.destroy();
    client.release(!connectionReady);
  }
  yield* held;
}

/**
 * The rows of several COPY reads, in turn: each read is started (on a connection of its own) as
 * soon as the one before it has its first rows, so that the database works on the next while the
 * caller sends the last. What is not read when the caller stops is closed.
 */
export async function* copyRowsInTurn(source: CopyOutPool, queries: readonly string[]): AsyncGenerator<BinaryRow[]> {
  const start = (query: string) => {
    const rows = copyRows(source, query);
    const first = rows.next();
    first.catch(() => undefined);
    return { rows, first };
  };
  let next = queries.length > 0 ? start(queries[0]!) : undefined;
  let current: AsyncGenerator<BinaryRow[]> | undefined;
  try {
    for (let i = 0; next; i++) {
      current = next.rows;
      let result = await next.first;
      next = i + 1 < queries.length ? start(queries[i + 1]!) : undefined;
      for (; !result.done; result = await current.next()) yield result.value;
    }
  } finally {
    // Stopped early: the read under way is closed, and the one started ahead of it once its
    // first rows are in (a generator cannot be closed while it runs).
    await current?.return(undefined);
    const unread = next;
    if (unread) void unread.first.then(() => unread.rows.return(undefined), () => undefined);
  }
}
