import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('the store', () => {
  it('applies every migration once, in order', async () => {
    const rows = await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name`.execute(server.store.db);
    const names = rows.rows.map((row) => row.name);
    expect(names.length).toBeGreaterThan(1);
    expect(names[0]).toBe('0001_foundation.sql');
    expect(new Set(names).size).toBe(names.length);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('survives PostgreSQL dropping its idle connections', async () => {
    await sql`SELECT 1`.execute(server.store.db);
    const killer = new pg.Client({ connectionString: server.config.databaseUrl });
    await killer.connect();
    await killer.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    await killer.end();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(sql`SELECT 1 AS ok`.execute(server.store.db)).resolves.toMatchObject({ rows: [{ ok: 1 }] });
  });
});
