import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, writeEmbeddedSeed } from '../../src/db/store.js';
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

  it('seeds a first start with the schema alone: no organization, user, key or secret to share', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qd-seed-test-'));
    try {
      await writeEmbeddedSeed(join(dir, 'seed.tar'));
      const seeded = await openStore({ databaseUrl: undefined, dataDir: dir, databasePoolSize: 1 }, { inMemory: true, seed: new Blob([await readFile(join(dir, 'seed.tar'))]) });
      try {
        const rows = await sql<{ name: string; count: number }>`
          SELECT 'organizations' AS name, count(*)::int AS count FROM organizations
          UNION ALL SELECT 'users', count(*)::int FROM users
          UNION ALL SELECT 'api_keys', count(*)::int FROM api_keys
          UNION ALL SELECT 'server_secrets', count(*)::int FROM server_secrets`.execute(seeded.db);
        expect(rows.rows).toEqual([
          { name: 'organizations', count: 0 },
          { name: 'users', count: 0 },
          { name: 'api_keys', count: 0 },
          { name: 'server_secrets', count: 0 },
        ]);
      } finally {
        await seeded.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // It migrates a whole new store to build the seed: 10 s on a two-core machine running the
    // suite, over 30 s (the default limit) when that machine is loaded further.
  }, 120_000);
});
