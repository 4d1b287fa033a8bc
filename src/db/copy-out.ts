import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { ConnectingPool } from './prepared.js';

// A query's rows as the bytes the database holds, through COPY (query) TO STDOUT (FORMAT binary):
// a text or json field arrives as its UTF-8 bytes, neither decoded into a JavaScript string by the
// driver nor encoded again on the way out. For answers of megabytes of stored JSON (a year of
// /tokens), decoding and encoding cost the server more than the rest of the answer. Both stores:
// PGlite's socket carries COPY TO STDOUT.

/** Where COPY reads run. */
export interface CopyOutPool {
  /** The store's pool, or the analytics reads' (db/read-replicas.ts). */
  pool: Pick<ConnectingPool, 'connect' | 'replacement'>;
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

/** Reads a COPY's data as it arrives: what each chunk completes, and a check at the end. */
export interface CopyParser<T> {
  push(chunk: Buffer): T[];
  /** Throws unless the data ended where the format lets it end. */
  end(): void;
}

/** Splits the COPY data into rows as it arrives; fields are views into the received bytes. */
export class BinaryCopyParser implements CopyParser<BinaryRow> {
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

/** A chunk of DocumentRanges' data: the received bytes, and where the documents' bytes are in them. */
export interface DocumentChunk {
  bytes: Buffer;
  /**
   * The bytes of documents in `bytes`, in order; `key` is the row's key where a document starts.
   * Such a piece never starts at 0: the byte before it is the format's, in the same chunk (a
   * document whose bytes all come in later chunks starts here with an empty piece at the end).
   */
  pieces: { from: number; to: number; key?: string }[];
}

/**
 * Binary COPY rows of two fields, a key (text) and a JSON document, read for where their documents
 * are: the caller sends those ranges of the received bytes as they are, and no row is copied (a
 * year of /tokens is 25 MB of documents of 70 KB, arriving in chunks of 64 KB). The bytes before a
 * document (its length) are the format's, free for the caller to overwrite.
 */
export class DocumentRanges implements CopyParser<DocumentChunk> {
  private phase: 'header' | 'extension' | 'fieldCount' | 'keyLength' | 'key' | 'documentLength' | 'document' | 'ended' = 'header';
  /** Bytes left in the phase. */
  private left = FIXED_HEADER_BYTES;
  /** The phase's bytes as read (not a document's). */
  private read: number[] = [];
  /** The key of the document whose first bytes come next, if they do. */
  private startingKey: string | undefined;

  push(chunk: Buffer): DocumentChunk[] {
    const pieces: DocumentChunk['pieces'] = [];
    for (let at = 0; at < chunk.length; ) {
      if (this.phase === 'document') {
        const to = Math.min(at + this.left, chunk.length);
        pieces.push(this.startingKey === undefined ? { from: at, to } : { from: at, to, key: this.startingKey });
        this.startingKey = undefined;
        this.left -= to - at;
        at = to;
        if (this.left === 0) this.begin('fieldCount', 2);
        continue;
      }
      if (this.phase === 'ended') throw new Error('COPY: data after the end of the rows');
      this.read.push(chunk[at++]!);
      if (--this.left === 0) this.phaseEnded();
    }
    if (this.startingKey !== undefined) {
      pieces.push({ from: chunk.length, to: chunk.length, key: this.startingKey });
      this.startingKey = undefined;
    }
    return [{ bytes: chunk, pieces }];
  }

  end(): void {
    if (this.phase !== 'ended') throw new Error('COPY: the data ended inside a row');
  }

  private begin(phase: DocumentRanges['phase'], bytes: number): void {
    this.phase = phase;
    this.left = bytes;
    this.read = [];
    if (bytes === 0) this.phaseEnded();
  }

  /** Moves on once the phase's bytes are read. */
  private phaseEnded(): void {
    const bytes = Buffer.from(this.read);
    switch (this.phase) {
      case 'header':
        if (!bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('COPY: not the binary format');
        return this.begin('extension', bytes.readUInt32BE(SIGNATURE.length + 4));
      case 'extension':
        return this.begin('fieldCount', 2);
      case 'fieldCount': {
        const fields = bytes.readInt16BE(0);
        if (fields === -1) this.phase = 'ended';
        else if (fields === 2) this.begin('keyLength', 4);
        else throw new Error(`COPY: ${fields} fields in a row, not a key and a document`);
        return;
      }
      case 'keyLength':
        return this.begin('key', this.length(bytes));
      case 'key':
        this.startingKey = bytes.toString('utf8');
        return this.begin('documentLength', 4);
      case 'documentLength':
        this.phase = 'document';
        this.left = this.length(bytes);
        if (this.left === 0) throw new Error('COPY: an empty document');
        return;
      default:
        throw new Error(`COPY: no bytes are read in the phase ${this.phase}`);
    }
  }

  /** A field's length; a NULL key or document is not a row of this shape. */
  private length(bytes: Buffer): number {
    const length = bytes.readInt32BE(0);
    if (length < 0) throw new Error('COPY: a NULL key or document');
    return length;
  }
}

/**
 * Runs `query` (a SELECT whose values are literals escaped with pg's `escapeLiteral`: COPY
 * takes no parameters) through COPY on a connection of `source`, yielding what a parser of
 * `parserOf` makes of each chunk received (on the embedded store, once all are received:
 * CopyOutPool). The connection goes back to the pool when the data ends or the database fails the
 * query (its error ends the COPY), and is closed instead when the reading stops early or fails
 * here (it may be inside an unfinished COPY). A read whose connection failed it before any rows
 * were handed on runs again, from the start, where the pool says (ConnectingPool.replacement).
 */
export async function* copyParsed<T>(source: CopyOutPool, query: string, parserOf: () => CopyParser<T>): AsyncGenerator<T[]> {
  let client = await source.pool.connect();
  for (;;) {
    const parser = parserOf();
    let connectionReady = false;
    let handedOn = false;
    let replacement: pg.PoolClient | undefined;
    const stream = client.query(copyTo(`COPY (${query}) TO STDOUT (FORMAT binary)`));
    const held: T[][] = [];
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        const parsed = parser.push(chunk);
        if (parsed.length === 0) continue;
        if (source.answersAtOnce) held.push(parsed);
        else {
          handedOn = true;
          yield parsed;
        }
      }
      parser.end();
      connectionReady = true;
    } catch (error) {
      // The database's error ends the COPY and leaves the connection ready for the next query: kept,
      // for the embedded store's only connection, closed and opened again at once, can be refused.
      connectionReady = error instanceof pg.DatabaseError;
      // Rows handed on cannot be taken back: only a read that has sent nothing runs again.
      replacement = handedOn ? undefined : await source.pool.replacement?.(client, error);
      if (!replacement) throw error;
    } finally {
      if (!connectionReady) stream.destroy();
      client.release(!connectionReady);
    }
    if (!replacement) {
      yield* held;
      return;
    }
    client = replacement;
  }
}

/** The rows of `query` through COPY, as each chunk completes them (copyParsed). */
export const copyRows = (source: CopyOutPool, query: string): AsyncGenerator<BinaryRow[]> => copyParsed(source, query, () => new BinaryCopyParser());

/**
 * Several COPY reads in turn, each through a parser of its own (copyParsed): each read is started
 * (on a connection of its own) as soon as the one before it has its first rows, so that the
 * database works on the next while the caller sends the last. What is not read when the caller
 * stops is closed.
 */
export async function* copyInTurn<T>(source: CopyOutPool, queries: readonly string[], parserOf: () => CopyParser<T>): AsyncGenerator<T[]> {
  const start = (query: string) => {
    const rows = copyParsed(source, query, parserOf);
    const first = rows.next();
    first.catch(() => undefined);
    return { rows, first };
  };
  let next = queries.length > 0 ? start(queries[0]!) : undefined;
  let current: AsyncGenerator<T[]> | undefined;
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

/** The rows of several COPY reads, in turn (copyInTurn). */
export const copyRowsInTurn = (source: CopyOutPool, queries: readonly string[]): AsyncGenerator<BinaryRow[]> => copyInTurn(source, queries, () => new BinaryCopyParser());
