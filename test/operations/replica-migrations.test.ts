import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { scratchDatabase } from '../helpers/server.js';
import { freePort } from './helpers.js';

// Replicas and migrations (docs/operations.md "Upgrade"): while the migrations run, or wait for
// another replica's, the port answers /healthz 200 and /readyz 503; two replicas started together
// on one PostgreSQL database apply each migration once, and both serve.

const baseUrl = process.env.TEST_DATABASE_URL;
const MIGRATION_LOCK_ID = 8_115_001;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function start(databaseUrl: string, port: number): Promise<RunningServer> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', ADMIN_TOKEN: `admin-${randomBytes(16).toString('hex')}`, JWT_SECRET: 'j'.repeat(48), SECRET_KEY: 'ab'.repeat(32), LOG_LEVEL: 'error' });
  const started = startServer(config);
  cleanups.push(() => started.then((server) => server.stop(), () => undefined));
  return started;
}

async function status(url: string): Promise<number | undefined> {
  return fetch(url).then((response) => response.status, () => undefined);
}

describe.skipIf(!baseUrl)('migrations with several replicas on PostgreSQL', () => {
  it('answers /readyz 503 while another replica holds the migrations, 200 once they are done', async () => {
    const database = await scratchDatabase(baseUrl!);
    cleanups.push(() => database.drop());
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    cleanups.push(() => other.end());
    await other.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);

    const port = await freePort();
    const starting = start(database.url, port);
    const base = `http://127.0.0.1:${port}`;
    // Waits for the port with a bound; no timing is asserted.
    for (let attempt = 0; (await status(`${base}/healthz`)) !== 200; attempt++) {
      if (attempt > 400) throw new Error('the starting server never answered /healthz');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const notReady = await fetch(`${base}/readyz`);
    expect(notReady.status).toBe(503);
    const body = (await notReady.json()) as Record<string, unknown>;
    expect(body).toEqual({ title: 'Service Unavailable', detail: expect.stringMatching(/migrations are running/), status: 503, requestId: notReady.headers.get('x-request-id') });
    expect(await status(`${base}/api/v0/organization/users`)).toBe(503);
    const tables = await other.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'organizations'");
    expect(tables.rows[0].n).toBe(0);

    await other.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    const server = await starting;
    expect(await status(`${base}/readyz`)).toBe(200);
    expect(await status(`${server.url}/api/v0/organization/users`)).toBe(401);
  }, 120_000);

  it('lets two replicas start together: one migrates, the other waits, both serve', async () => {
    const database = await scratchDatabase(baseUrl!);
    cleanups.push(() => database.drop());
    const [first, second] = await Promise.all([start(database.url, 0), start(database.url, 0)]);
    for (const server of [first, second]) expect(await status(`${server.url}/readyz`)).toBe(200);
    const applied = await first.store.pool.query<{ name: string; n: number }>('SELECT name, count(*)::int AS n FROM schema_migrations GROUP BY name');
    expect(applied.rows.length).toBeGreaterThanOrEqual(13);
    expect(applied.rows.every((row) => row.n === 1)).toBe(true);
    // A write through one replica is read through the other.
    const created = await fetch(`${first.url}/admin/v1/organizations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${first.app.services.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Replicated', ownerEmail: 'owner@replicated.example' }),
    });
    expect(created.status).toBe(201);
    const { apiKey } = (await created.json()) as { apiKey: string };
    const listed = await fetch(`${second.url}/api/v0/organization/users`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(listed.status).toBe(200);
  }, 120_000);
});
