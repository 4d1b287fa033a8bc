import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BinaryCopyParser, copyRows, copyRowsInTurn, DocumentRanges, type BinaryRow, type CopyOutPool } from '../../src/db/copy-out.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// Long analytics answers leave the database as bytes, through COPY in the binary format
// (src/db/copy-out.ts), on both stores: the embedded store's socket carries COPY TO STDOUT.

/** Text with NULLs, multi-byte characters, quotes and backslashes, and a json column; as text if `asText`. */
const rows = (asText = false) => `SELECT g.n::text, CASE WHEN g.n % 7 = 0 THEN NULL ELSE repeat(chr(937) || 'é"\\', g.n % 50) END,
  json_build_object('n', g.n, 'quote', 'a"b', 'line', E'x\\ny')${asText ? '::text' : ''}
  FROM generate_series(1, 3000) AS g (n) ORDER BY g.n`;

let server: TestServer;
let pool: pg.Pool;
let source: CopyOutPool;
beforeAll(async () => {
  server = await startTestServer();
  pool = server.store.pool;
  source = server.app.services.copyOut;
});
afterAll(async () => server.close());

/** The whole binary COPY data of `query`, as PostgreSQL sends it. */
async function copyBytes(query: string): Promise<Buffer> {
  const client = await pool.connect();
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of client.query(copyTo(`COPY (${query}) TO STDOUT (FORMAT binary)`)) as AsyncIterable<Buffer>) chunks.push(chunk);
  } finally {
    client.release();
  }
  return Buffer.concat(chunks);
}

const asText = (rows: BinaryRow[]) => rows.map((row) => row.map((field) => (field === null ? null : field.toString('utf8'))));

describe('rows read through binary COPY', () => {
  it('are the bytes of the fields the query returns, NULLs and multi-byte text included', async () => {
    const expected = (await pool.query({ text: rows(true), rowMode: 'array' })).rows;
    const read: BinaryRow[] = [];
    for await (const batch of copyRows(source, rows())) read.push(...batch);
    expect(asText(read)).toEqual(expected);
    expect(expected[6]![1]).toBeNull();
  });

  it('are the same rows however the bytes are split', async () => {
    const whole = await copyBytes(rows());
    const parse = (sizes: (i: number) => number) => {
      const parser = new BinaryCopyParser();
      const parsed: BinaryRow[] = [];
      for (let at = 0, i = 0; at < whole.length; i++) {
        const size = sizes(i);
        parsed.push(...parser.push(whole.subarray(at, at + size)));
        at += size;
      }
      parser.end();
      return asText(parsed);
    };
    const atOnce = parse(() => whole.length);
    expect(atOnce).toHaveLength(3000);
    expect(parse(() => 1)).toEqual(atOnce);
    expect(parse((i) => 1 + ((i * 7919) % 4093))).toEqual(atOnce);
  });

  it('read for their documents give each key and the bytes of its document, however the bytes are split', async () => {
    // Documents of up to 84 KB, many spanning the chunks they arrive in (a year of /tokens: 70 KB
    // each, in chunks of 64 KB).
    const documents = `SELECT 'k' || n, json_build_object('n', n, 'text', repeat(chr(937) || 'a"\\', (n * 7919) % 12000))
      FROM generate_series(1, 40) AS n ORDER BY n`;
    const expected = (await pool.query({ text: documents, rowMode: 'array' })).rows.map(([key, document]) => [key, JSON.stringify(document)]);
    const whole = await copyBytes(documents);
    const read = (sizes: (i: number) => number) => {
      const parser = new DocumentRanges();
      const found: [string, string][] = [];
      let current: Buffer[] = [];
      const close = (key?: string) => {
        if (found.length > 0) found[found.length - 1]![1] = Buffer.concat(current).toString('utf8');
        current = [];
        if (key !== undefined) found.push([key, '']);
      };
      for (let at = 0, i = 0; at < whole.length; i++) {
        const size = sizes(i);
        // A copy: the parser's caller may write over the bytes before a document.
        for (const { bytes, pieces } of parser.push(Buffer.from(whole.subarray(at, at + size)))) {
          for (const { from, to, key } of pieces) {
            // The byte before a document's first piece is the caller's, for its comma.
            if (key !== undefined) expect(from).toBeGreaterThan(0);
            if (key !== undefined) close(key);
            current.push(bytes.subarray(from, to));
          }
        }
        at += size;
      }
      close();
      parser.end();
      return found.map(([key, document]) => [key, JSON.stringify(JSON.parse(document))]);
    };
    expect(read(() => whole.length)).toEqual(expected);
    expect(read(() => 1)).toEqual(expected);
    expect(read((i) => 1 + ((i * 7919) % 65536))).toEqual(expected);
  });

  it('read for their documents refuse rows of another shape, and data that ends inside a row', async () => {
    const refused = async (query: string) => {
      const parser = new DocumentRanges();
      parser.push(await copyBytes(query));
      parser.end();
    };
    await expect(refused(`SELECT 'k', NULL::json`)).rejects.toThrow(/NULL/);
    await expect(refused(`SELECT 'k', '{}'::json, 1`)).rejects.toThrow(/3 fields/);
    const whole = await copyBytes(`SELECT 'k', '{"a":1}'::json`);
    const parser = new DocumentRanges();
    parser.push(whole.subarray(0, whole.length - 3));
    expect(() => parser.end()).toThrow(/inside a row/);
    expect(() => new DocumentRanges().push(Buffer.from('not a COPY stream at all'))).toThrow(/binary format/);
  });

  it('fail with the query, and give their connection back', async () => {
    const read = async () => {
      for await (const batch of copyRows(source, 'SELECT 1 / (3 - n) FROM generate_series(1, 5) AS n')) expect(batch.length).toBeGreaterThan(0);
    };
    for (let i = 0; i < 12; i++) await expect(read()).rejects.toThrow(/division by zero/);
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('refuses data that ends inside a row', () => {
    const parser = new BinaryCopyParser();
    parser.push(Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8), Buffer.from([0, 1, 0, 0, 0, 5, 104, 105])]));
    expect(() => parser.end()).toThrow(/inside a row/);
    expect(() => new BinaryCopyParser().push(Buffer.from('not a COPY stream at all'))).toThrow(/binary format/);
  });

  it('read in turn are the rows of each query in order', async () => {
    const read: BinaryRow[] = [];
    for await (const batch of copyRowsInTurn(source, [1, 2, 3].map((k) => `SELECT ${k}::text || ':' || n FROM generate_series(1, 2000) AS n ORDER BY n`))) read.push(...batch);
    expect(asText(read).map(([field]) => field)).toEqual([1, 2, 3].flatMap((k) => Array.from({ length: 2000 }, (_, i) => `${k}:${i + 1}`)));
  });

  it.skipIf(process.env.TEST_DATABASE_URL)('on the embedded store, are read whole before any is handed on: its one connection answers while the caller holds them', async () => {
    const query = `SELECT repeat('x', 1000) FROM generate_series(1, 2000)`;
    for (let i = 0; i < 12; i++) {
      for await (const batch of copyRows(source, query)) {
        expect(batch.length).toBeGreaterThan(0);
        expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
        break;
      }
      for await (const batch of copyRowsInTurn(source, [query, query, query])) {
        expect(batch.length).toBeGreaterThan(0);
        expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
        break;
      }
    }
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, stopped early, close their connection instead of returning it mid-COPY, and the pool goes on', async () => {
    const huge = `SELECT repeat('x', 1000) FROM generate_series(1, 200000)`;
    for (let i = 0; i < 12; i++) {
      for await (const batch of copyRows(source, huge)) {
        expect(batch.length).toBeGreaterThan(0);
        break;
      }
      // The read started ahead of the one stopped is closed too.
      for await (const batch of copyRowsInTurn(source, [huge, huge, huge])) {
        expect(batch.length).toBeGreaterThan(0);
        break;
      }
    }
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    // The abandoned COPYs end with their connections (PostgreSQL notices the closed socket).
    for (let waited = 0; ; waited += 50) {
      const { rows } = await pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'COPY (SELECT repeat%' AND state = 'active'`);
      if (rows[0].n === 0) break;
      expect(waited).toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
