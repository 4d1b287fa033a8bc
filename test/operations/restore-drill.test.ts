import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { SecretBox } from '../../src/domain/secret-box.js';
import { sharedSecret } from '../../src/repositories/server-secrets.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { generateDemoEvents } from '../../src/demo/generate.js';
import { cli } from '../cli/helpers.js';
import { scratchDatabase } from '../helpers/server.js';
import { call, CUSTOM_MODEL_SECRET, dayBefore, populate, readEverything } from './helpers.js';

// The restore drill (docs/operations.md): data written through the API, a backup taken while the
// server keeps serving reads and writes, restored into a new store, and every answer of the
// restored server the same as the original's. On the embedded store through `quarterdeck backup`
// and `quarterdeck restore`; on PostgreSQL through pg_dump and pg_restore.

const baseUrl = process.env.TEST_DATABASE_URL;
/** Two servers, two organizations of 20 days each and a CLI run or two: minutes on a busy machine. */
const DRILL_MS = 300_000;
const adminToken = `admin-${randomBytes(16).toString('hex')}`;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function serve(env: Record<string, string>): Promise<RunningServer> {
  const server = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', ADMIN_TOKEN: adminToken, ROLLUP_INTERVAL_MS: '86400000', ANALYTICS_HISTORY_START: dayBefore(400), LOG_LEVEL: 'warn', ...env }));
  cleanups.push(() => server.stop().catch(() => undefined));
  return server;
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'qd-drill-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Reads and writes against the server until stopped: the dashboard's reads of one organization,
 * telemetry batches of another. Resolves to the batches written, each with its event ids.
 */
function keepBusy(base: string, readKey: string, writeKey: string, writerId: string): { stop(): Promise<{ requests: number; batches: string[][] }> } {
  let running = true;
  let requests = 0;
  const batches: string[][] = [];
  const events = generateDemoEvents({ seed: 99, users: 1, days: 5, lastDay: dayBefore(1) }).map(({ event }) => ({ ...event, userId: writerId }));
  const reader = (async () => {
    while (running) {
      for (const endpoint of ['tokens', 'users', 'tools']) {
        await call(base, readKey, 'GET', `/api/v1/analytics/${endpoint}?startDate=${dayBefore(30)}&endDate=${dayBefore(1)}`);
        requests += 1;
      }
    }
  })();
  const writer = (async () => {
    for (let i = 0; running && i < events.length; i += 50) {
      const batch = events.slice(i, i + 50);
      await call(base, writeKey, 'POST', '/api/v1/telemetry/events', { events: batch });
      batches.push(batch.map((event) => event.id));
      requests += 1;
    }
  })();
  return {
    async stop() {
      running = false;
      await Promise.all([reader, writer]);
      return { requests, batches };
    },
  };
}

describe.skipIf(Boolean(baseUrl))('restore drill on the embedded store', () => {
  it('backs up while serving, restores into a new DATA_DIR, and answers the same', async () => {
    const [sourceDir, restoredDir, backupDir] = [await tempDir(), await tempDir(), await tempDir()];
    const source = await serve({ DATA_DIR: sourceDir });
    const drill = await populate(source.url, adminToken, 'Drill', 7);
    const busy = await populate(source.url, adminToken, 'Busy', 8);
    const load = keepBusy(source.url, drill.ownerKey, busy.ownerKey, (await call(source.url, busy.ownerKey, 'GET', '/api/v0/organization/users?limit=1')).users[0].id);

    const backupFile = join(backupDir, 'quarterdeck.qdbackup');
    const backup = await cli(['backup', backupFile, '--url', source.url, '--admin-token', adminToken]);
    const { requests, batches } = await load.stop();
    expect(backup.code, backup.stderr).toBe(0);
    expect(requests).toBeGreaterThan(0);
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    const expected = await readEverything(source.url, drill);

    // Restore refuses a running server's directory and anything that is not a backup.
    const busyDir = await cli(['restore', backupFile, '--data-dir', sourceDir]);
    expect(busyDir.code).toBe(2);
    expect(busyDir.stderr).toMatch(/in use by process/);
    await writeFile(join(backupDir, 'notes.txt'), 'not a backup\n');
    const notBackup = await cli(['restore', join(backupDir, 'notes.txt'), '--data-dir', restoredDir]);
    expect(notBackup.code).toBe(2);
    expect(notBackup.stderr).toMatch(/not a Quarterdeck embedded-store backup/);

    const restore = await cli(['restore', backupFile, '--data-dir', restoredDir]);
    expect(restore.code, restore.stderr).toBe(0);
    const again = await cli(['restore', backupFile, '--data-dir', restoredDir]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already holds a database/);
    expect(await readFile(join(restoredDir, 'secret-key'), 'utf8')).toBe(await readFile(join(sourceDir, 'secret-key'), 'utf8'));

    const restored = await serve({ DATA_DIR: restoredDir });
    expect(await readEverything(restored.url, drill)).toEqual(expected);
    await expectSecretOpens(restored, drill.organizationId, Buffer.from((await readFile(join(restoredDir, 'secret-key'), 'utf8')).trim(), 'base64url'));
    await expectWholeBatches(restored.url, busy.ownerKey, batches);
  }, DRILL_MS);

  it('answers 401 without the admin token', async () => {
    const server = await serve({ DATA_DIR: await tempDir() });
    const response = await fetch(`${server.url}/admin/v1/backup`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(Object.keys((await response.json()) as object).sort()).toEqual(['detail', 'requestId', 'status', 'title']);
    const cliRun = await cli(['backup', join(await tempDir(), 'b'), '--url', server.url, '--admin-token', 'wrong-token-wrong-token-wrong']);
    expect(cliRun.code).toBe(3);
  }, DRILL_MS);
});

describe.skipIf(!baseUrl)('restore drill on PostgreSQL (pg_dump, pg_restore)', () => {
  it('dumps while serving, restores into a new database, and answers the same', async () => {
    const [sourceDb, restoredDb] = [await scratchDatabase(baseUrl!), await scratchDatabase(baseUrl!)];
    cleanups.push(() => sourceDb.drop(), () => restoredDb.drop());
    const backupFile = join(await tempDir(), 'quarterdeck.dump');
    const source = await serve({ DATABASE_URL: sourceDb.url });
    const drill = await populate(source.url, adminToken, 'Drill', 7);
    const busy = await populate(source.url, adminToken, 'Busy', 8);
    const load = keepBusy(source.url, drill.ownerKey, busy.ownerKey, (await call(source.url, busy.ownerKey, 'GET', '/api/v0/organization/users?limit=1')).users[0].id);

    // The server's own backup is for the embedded store only.
    const refused = await cli(['backup', join(await tempDir(), 'b'), '--url', source.url, '--admin-token', adminToken]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/409 Conflict: .*pg_dump/);
    // pg_dump reads one snapshot (a repeatable-read transaction) while the server keeps writing.
    const dump = spawnSync('pg_dump', ['--format=custom', '--file', backupFile, sourceDb.url], { encoding: 'utf8' });
    const { requests, batches } = await load.stop();
    expect(dump.status, dump.stderr).toBe(0);
    expect(requests).toBeGreaterThan(0);
    const expected = await readEverything(source.url, drill);

    const restore = spawnSync('pg_restore', ['--exit-on-error', '--no-owner', '--dbname', restoredDb.url, backupFile], { encoding: 'utf8' });
    expect(restore.status, restore.stderr).toBe(0);
    const restored = await serve({ DATABASE_URL: restoredDb.url });
    expect(await readEverything(restored.url, drill)).toEqual(expected);
    await expectSecretOpens(restored, drill.organizationId, Buffer.from(await sharedSecret(restored.store.db, 'settings-secret-key'), 'base64url'));
    await expectWholeBatches(restored.url, busy.ownerKey, batches);
  }, DRILL_MS);
});

/** The custom model's key, sealed before the backup, opens with the restored store's key. */
async function expectSecretOpens(server: RunningServer, organizationId: string, key: Buffer) {
  const latest = await server.store.db.selectFrom('enterprise_control_revisions').select('settings').where('organization_id', '=', organizationId).orderBy('revision', 'desc').executeTakeFirstOrThrow();
  const sealed = (latest.settings as { customModels: { apiKey: string }[] }).customModels[0]!.apiKey;
  expect(new SecretBox(key).open(sealed)).toBe(CUSTOM_MODEL_SECRET);
}

/**
 * Every batch written under load is in the restored store whole or not at all (one snapshot):
 * sent again, each is all duplicates or all accepted.
 */
async function expectWholeBatches(base: string, key: string, batches: string[][]) {
  const events = generateDemoEvents({ seed: 99, users: 1, days: 5, lastDay: dayBefore(1) });
  const byId = new Map(events.map(({ event }) => [event.id, event]));
  const writerId = (await call(base, key, 'GET', '/api/v0/organization/users?limit=1')).users[0].id;
  for (const ids of batches) {
    const answer = await call(base, key, 'POST', '/api/v1/telemetry/events', { events: ids.map((id) => ({ ...byId.get(id), userId: writerId })) });
    expect([0, ids.length]).toContain(answer.accepted);
  }
}
