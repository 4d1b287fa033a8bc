import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQuery } from '../../src/db/prepared-query.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// Hot-path queries are built and compiled once per database and run as named prepared statements
// with each call's values (src/db/prepared-query.ts), on both stores.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const numbered = preparedQuery(2, (db, from: number, to: number) =>
  db.selectNoFrom(() => [sql<number[]>`ARRAY(SELECT generate_series(${from}::int, ${to}::int))`.as('numbers')]),
);

describe('a prepared query', () => {
  it("answers each call with that call's values, compiled once", async () => {
    const db = server.store.db;
    expect(await numbered(db, 1, 3)).toEqual([{ numbers: [1, 2, 3] }]);
    expect(await numbered(db, 5, 6)).toEqual([{ numbers: [5, 6] }]);
    // The same values again, and another order of calls, on another connection of the pool.
    const answers = await Promise.all([numbered(db, 2, 2), numbered(db, 1, 3), numbered(db, 7, 9)]);
    expect(answers).toEqual([[{ numbers: [2] }], [{ numbers: [1, 2, 3] }], [{ numbers: [7, 8, 9] }]]);
  });

  it('refuses a value that is not a parameter of the query, which would never change', async () => {
    const inRawSql = preparedQuery(1, (db, limit: number) => db.selectNoFrom(() => [sql<number>`${sql.raw(String(limit))}::int`.as('n')]));
    await expect(inRawSql(server.store.db, 3)).rejects.toThrow(/value 0 is not a parameter/);
    const unused = preparedQuery(2, (db, a: number, _b: number) => db.selectNoFrom(() => [sql<number>`${a}::int`.as('n')]));
    await expect(unused(server.store.db, 1, 2)).rejects.toThrow(/value 1 is not a parameter/);
  });
});
