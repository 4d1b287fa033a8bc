import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';
import { hashSecret } from '../../src/domain/credentials.js';
import { distributionProblems } from '../helpers/distribution.js';
import { scratchDatabase } from '../helpers/server.js';
import { call, dayBefore, demoEvents, freePort, populate, readEverything, rollUp } from './helpers.js';

// An upgrade keeps the data (docs/operations.md "Upgrade"): the code of an earlier commit, taken
// from the repository's history, runs on a store and is fed through its own API; the current code
// then starts on that store (applying the migrations written since), answers every question as
// the earlier code did, and its features work on the old rows.

/** 2026-11-23: migrations 0001-0010; 0011 (pending-day versions), 0012 (user rows in byte order)
 * and 0013 (day documents uncompressed) came after, rewriting stored rows. */
const EARLIER_COMMIT = '285662c9f135f318feb18b3c52abc7c565f04a5a';
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const UPGRADE_MS = 900_000;
const START_BOUND_MS = 400_000;

const baseUrl = process.env.TEST_DATABASE_URL;
const adminToken = `admin-${randomBytes(16).toString('hex')}`;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Costs (docs/prices.md): the fields that carry them in analytics rows, and the currency in `meta`. */
const COST_FIELDS = new Set(['cost', 'unpriced_models', 'reported_cost_usd', 'currency']);
function withoutCosts(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCosts);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([name]) => !COST_FIELDS.has(name)).map(([name, inner]) => [name, withoutCosts(inner)]));
}

/**
 * The answers without the fields this release added since the earlier one (an API key's `kind`,
 * a session's top-level `serviceCredits` and `ownerId`, a listed user's `teams` and lifecycle —
 * `status`, `joinedAt`, `deactivatedAt`, `invitationExpiresAt`, `lastSignInAt`, `lastActivityDay` —, the costs of /tokens and
 * /users): everything the earlier release answered must be the same.
 */
function withoutAdditions(answers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(answers).map(([label, answer]) => {
      if (label.startsWith('keys of user ')) {
        const listed = answer as { apiKeys: Record<string, unknown>[] };
        return [label, { ...listed, apiKeys: listed.apiKeys.map(({ kind: _kind, ...key }) => key) }];
      }
      if (label.startsWith('session ')) {
        const { serviceCredits: _credits, ownerId: _owner, ...session } = answer as Record<string, unknown>;
        return [label, session];
      }
      if (label === 'users') {
        const listed = answer as { users: Record<string, unknown>[] };
        return [
          label,
          { ...listed, users: listed.users.map(({ teams: _teams, status: _status, joinedAt: _joined, deactivatedAt: _deactivated, invitationExpiresAt: _invitation, lastSignInAt: _signedIn, lastActivityDay: _active, ...user }) => user) },
        ];
      }
      if (label.startsWith('tokens') || label.startsWith('users ')) return [label, withoutCosts(answer)];
      if (label === 'sessions') {
        const listed = answer as { sessions: Record<string, unknown>[] };
        return [label, { ...listed, sessions: listed.sessions.map(({ serviceCredits: _credits, ownerId: _owner, ...session }) => session) }];
      }
      return [label, answer];
    }),
  );
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'qd-upgrade-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true, maxRetries: 5 }));
  return dir;
}

/** The earlier commit's tree (git archive), sharing this checkout's node_modules. */
async function earlierCode(): Promise<string> {
  const dir = await tempDir();
  const archive = spawnSync('sh', ['-c', `git -C "${REPO_ROOT}" archive ${EARLIER_COMMIT} src migrations package.json tsconfig.json | tar -x -C "${dir}"`], { encoding: 'utf8' });
  if (archive.status !== 0) throw new Error(`cannot read commit ${EARLIER_COMMIT} from the repository's history: ${archive.stderr}`);
  await symlink(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

const serverEnv = (store: Record<string, string>) => ({ HOST: '127.0.0.1', ADMIN_TOKEN: adminToken, ROLLUP_INTERVAL_MS: '86400000', ANALYTICS_HISTORY_START: dayBefore(400), LOG_LEVEL: 'warn', ...store });

/** The earlier code as a server process; resolves once /readyz answers 200. */
async function startEarlier(code: string, store: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(code, 'src/main.ts')], {
    cwd: code,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...serverEnv(store), PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Its tree has no built seed, so a first start on the embedded store runs initdb: minutes on a
  // busy machine. A bound on the wait, not a timing assertion.
  const deadline = Date.now() + START_BOUND_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the earlier server exited ${child.exitCode}: ${stderr}`);
    const ready = await fetch(`${url}/readyz`).then((response) => response.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`the earlier server did not become ready: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  cleanups.push(stop);
  return { url, stop };
}

describe('upgrade from an earlier commit', () => {
  it('keeps every answer, key and session, and the new code works on the old rows', async () => {
    const code = await earlierCode();
    expect((await readdir(join(code, 'migrations'))).sort().at(-1)).toBe('0010_event_ids_without_organization_check.sql');
    let store: Record<string, string>;
    if (baseUrl) {
      const database = await scratchDatabase(baseUrl);
      cleanups.push(() => database.drop());
      store = { DATABASE_URL: database.url };
    } else {
      store = { DATA_DIR: await tempDir() };
    }

    const earlier = await startEarlier(code, store);
    const populated = await populate(earlier.url, adminToken, 'Before the upgrade', 11);
    const before = await readEverything(earlier.url, populated);
    await earlier.stop();

    const current = await startServer(loadConfig({ ...serverEnv(store), PORT: '0' }));
    cleanups.push(() => current.stop());
    const applied = await current.store.pool.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(applied.rows.map((row) => row.name)).toContain('0013_day_documents_uncompressed.sql');
    expect(withoutAdditions(await readEverything(current.url, populated))).toEqual(before);

    // The keys of a distributed schema (migration 0064) on the old rows: every key the rule asks
    // for is there, and every key the earlier code issued maps to its organization (the answers
    // above were read with them, and with the access token and console sessions it issued).
    expect(applied.rows.map((row) => row.name)).toContain('0064_distribution_keys.sql');
    expect(await distributionProblems(current.store.pool)).toEqual([]);
    const mapped = await current.store.pool.query<{ organization_id: string }>('SELECT organization_id FROM credential_organizations WHERE token_hash = ANY($1)', [populated.keys.map(hashSecret)]);
    expect(mapped.rows).toEqual(populated.keys.map(() => ({ organization_id: populated.organizationId })));

    // The old idempotency keys still hold: the old events sent again are all duplicates.
    const old = demoEvents(11, populated.userIds).slice(0, 300);
    expect(await call(current.url, populated.ownerKey, 'POST', '/api/v1/telemetry/events', { events: old })).toEqual({ accepted: 0, duplicates: old.length });
    // A new event on a day the earlier code rolled up: the day is rolled up again by the new code.
    const day = dayBefore(3);
    const added = { id: `upgrade-${randomBytes(4).toString('hex')}`, type: 'model_call', timestamp: `${day}T12:00:00.000Z`, sessionId: 'upgrade', client: 'web', modelId: 'upgrade-model', modelTier: 'standard', inputTokens: 1000, outputTokens: 500, cacheReadTokens: 0, cacheWriteTokens: 0 };
    const accepted = await call(current.url, populated.ownerKey, 'POST', '/api/v1/telemetry/events', { events: [added] });
    expect(accepted.accepted).toBe(1);
    await rollUp(current.url, adminToken);
    const byModel = await call(current.url, populated.ownerKey, 'GET', `/api/v1/analytics/tokens?startDate=${day}&endDate=${day}&group_by=model`);
    expect(JSON.stringify(byModel)).toContain('upgrade-model');
  }, UPGRADE_MS);
});
