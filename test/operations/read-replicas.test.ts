import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { copyRows } from '../../src/db/copy-out.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { call, dayBefore, demoEvents, freePort, populate, rollUp, type Populated } from './helpers.js';

// Analytics reads on a streaming replica (docs/read-replicas.md), against a real hot standby: the
// test makes its own primary cluster (initdb) on a free port and a standby of it (pg_basebackup
// -R), both in a temporary directory, and stops them at the end. Two servers share the primary:
// one reads the analytics from the standby (DATABASE_READ_URL), the other has no replica and is
// the reference; every answer is compared whole. It runs in the PostgreSQL pass (it names
// TEST_DATABASE_URL only to be chosen for it: scripts/test-selection.mjs); the PostgreSQL binaries
// are the ones CI and this machine install, and their absence is a failure, not a skip.

const BIN = '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;

/** A PostgreSQL program, as the postgres user when the test runs as root (initdb refuses root). */
async function postgresProgram(program: string, args: string[]): Promise<string> {
  const path = join(BIN, program);
  if (!existsSync(path)) throw new Error(`${path} is missing: install PostgreSQL 15's server binaries (postgresql-15 on Debian)`);
  const { stdout } = asRoot ? await run('runuser', ['-u', 'postgres', '--', path, ...args]) : await run(path, args);
  return stdout;
}

interface Cluster {
  dir: string;
  port: number;
  url(database: string): string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it as a crash would: every backend ends at once, nothing is said to the clients. */
  kill(): Promise<void>;
}

function cluster(dir: string, port: number): Cluster {
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB -c max_connections=60`;
  return {
    dir,
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: async () => void (await postgresProgram('pg_ctl', ['-D', dir, '-l', `${dir}.log`, '-o', options, '-w', 'start'])),
    stop: async () => void (await postgresProgram('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop'])),
    kill: async () => void (await postgresProgram('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop'])),
  };
}

const runsOnPostgres = Boolean(process.env.TEST_DATABASE_URL);
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

let primary: Cluster;
let standby: Cluster;
/** The server whose analytics reads go to the standby, and the reference on the primary alone. */
let replicated: RunningServer;
let reference: RunningServer;
let populated: Populated;
const adminToken = `admin-${randomBytes(16).toString('hex')}`;
const MAX_LAG_SECONDS = 5;

/** The longest DATABASE_READ_CHECK_INTERVAL_MS: a server that checks its replicas at start only, within a test. */
const CHECKS_AT_START_ONLY = 600_000;

function start(databaseUrl: string, readUrl?: string, checkIntervalMs = 200): Promise<RunningServer> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    ...(readUrl ? { DATABASE_READ_URL: readUrl, DATABASE_READ_MAX_LAG_SECONDS: String(MAX_LAG_SECONDS), DATABASE_READ_CHECK_INTERVAL_MS: String(checkIntervalMs) } : {}),
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_TOKEN: adminToken,
    JWT_SECRET: 'j'.repeat(48),
    SECRET_KEY: 'ab'.repeat(32),
    LOG_LEVEL: 'error',
    // The rollups run when the test asks (POST /admin/v1/rollups/run), on the server it names.
    ROLLUP_INTERVAL_MS: '86400000',
  });
  const started = startServer(config);
  cleanups.push(() => started.then((server) => server.stop()));
  return started;
}

/** A SQL statement on a cluster's database. */
async function query(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** Every analytics answer of the organization, whole: five endpoints, their groupings, a CSV, paging. */
async function analytics(server: RunningServer): Promise<Record<string, unknown>> {
  const range = `startDate=${dayBefore(30)}&endDate=${dayBefore(1)}`;
  const answers: Record<string, unknown> = {};
  for (const path of [
    'tokens',
    'tokens?group_by=model',
    'tokens?group_by=agent',
    'tools?group_by=repository',
    'activity',
    'productivity',
    'users',
    'users?limit=2',
    'repositories',
  ]) {
    answers[path] = await call(server.url, populated.ownerKey, 'GET', `/api/v1/analytics/${path}${path.includes('?') ? '&' : '?'}${range}`);
  }
  const csv = await fetch(`${server.url}/api/v1/analytics/activity?${range}`, { headers: { authorization: `Bearer ${populated.ownerKey}`, accept: 'text/csv' } });
  answers['activity csv'] = await csv.text();
  return answers;
}

async function readiness(server: RunningServer): Promise<{ status: string; read_replicas?: { replica: string; in_use: boolean; lag_seconds: number | null; problem?: string }[] }> {
  const response = await fetch(`${server.url}/readyz`);
  expect(response.status).toBe(200);
  return (await response.json()) as never;
}

/** A metric's value in /metrics, e.g. metric('quarterdeck_analytics_reads_total{target="replica"}'). */
async function metric(server: RunningServer, series: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  if (!line) throw new Error(`no ${series} in /metrics`);
  return Number(line.slice(series.length + 1));
}

const replicaReads = (server: RunningServer) => metric(server, 'quarterdeck_analytics_reads_total{target="replica"}');
const primaryReads = (server: RunningServer) => metric(server, 'quarterdeck_analytics_reads_total{target="primary"}');
const retriedReads = (server: RunningServer) => metric(server, 'quarterdeck_analytics_reads_retried_total');

/** Waits (with a bound) until /readyz says the replica is in use or not; no timing is asserted. */
async function replicaInUse(server: RunningServer, inUse: boolean) {
  for (let attempt = 0; ; attempt++) {
    const ready = await readiness(server);
    if (ready.read_replicas?.[0]?.in_use === inUse) return ready;
    if (attempt > 300) throw new Error(`the replica never became ${inUse ? 'used' : 'unused'}: ${JSON.stringify(ready)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** More of the demo's telemetry for the days up to yesterday: the rollup changes ended days. */
async function moreEvents(seed: number) {
  const events = demoEvents(seed, populated.userIds).map((event, i) => ({ ...event, id: `more-${seed}-${i}` }));
  for (let i = 0; i < events.length; i += 500) await call(reference.url, populated.ownerKey, 'POST', '/api/v1/telemetry/events', { events: events.slice(i, i + 500) });
}

describe.skipIf(!runsOnPostgres)('analytics reads on a streaming replica', () => {
  beforeAll(async () => {
    const root = await mkdtemp(join(tmpdir(), 'quarterdeck-replicas-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    if (asRoot) await chown(root, Number((await run('id', ['-u', 'postgres'])).stdout), Number((await run('id', ['-g', 'postgres'])).stdout));
    primary = cluster(join(root, 'primary'), await freePort());
    await postgresProgram('initdb', ['-D', primary.dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    await primary.start();
    cleanups.push(() => primary.stop());
    standby = cluster(join(root, 'standby'), await freePort());
    await postgresProgram('pg_basebackup', ['-R', '-D', standby.dir, '-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-X', 'stream', '-c', 'fast']);
    await standby.start();
    cleanups.push(() => standby.stop());

    await query(primary.url('postgres'), 'CREATE DATABASE quarterdeck');
    reference = await start(primary.url('quarterdeck'));
    replicated = await start(primary.url('quarterdeck'), standby.url('quarterdeck'));
    populated = await populate(reference.url, adminToken, 'Replicated', 53);
  }, 180_000);

  it('answers every analytics read through the standby exactly as the primary does', async () => {
    await replicaInUse(replicated, true);
    const before = await replicaReads(replicated);
    const answers = await analytics(replicated);
    expect(answers).toEqual(await analytics(reference));
    expect((answers.tokens as { data: unknown[] }).data.length).toBe(30);
    expect(await replicaReads(replicated)).toBeGreaterThan(before);
    const ready = await readiness(replicated);
    expect(ready).toEqual({ status: 'ok', read_replicas: [{ replica: `127.0.0.1:${standby.port}/quarterdeck`, in_use: true, lag_seconds: expect.any(Number) }] });
    expect(await metric(replicated, `quarterdeck_read_replica_in_use{replica="127.0.0.1:${standby.port}/quarterdeck"}`)).toBe(1);
    // The reference has no replica: nothing of the kind in its answers.
    expect(await readiness(reference)).toEqual({ status: 'ok' });
  }, 120_000);

  it('a standby whose replay is paused lags: the days rolled up since are read on the primary, and the lagging replica is taken out', async () => {
    await query(standby.url('postgres'), 'SELECT pg_wal_replay_pause()');
    const stale = await analytics(reference);
    await moreEvents(54);
    // Rolled up by the other server: this one hears of the commit and reads past it on the primary.
    await rollUp(reference.url, adminToken);
    const fresh = await analytics(reference);
    expect(fresh).not.toEqual(stale);
    await expect.poll(() => analytics(replicated), { timeout: 2000, interval: 100 }).toEqual(fresh);
    // Rolled up by this server itself: read on the primary at once.
    await moreEvents(55);
    await rollUp(replicated.url, adminToken);
    const primaryBefore = await primaryReads(replicated);
    expect(await analytics(replicated)).toEqual(await analytics(reference));
    expect(await primaryReads(replicated)).toBeGreaterThan(primaryBefore);

    const lagging = await replicaInUse(replicated, false);
    expect(lagging.status).toBe('degraded');
    expect(lagging.read_replicas![0]!.problem).toMatch(/^lagging: [\d.]+ s behind the primary \(DATABASE_READ_MAX_LAG_SECONDS is 5\)$/);
    expect(lagging.read_replicas![0]!.lag_seconds).toBeGreaterThan(MAX_LAG_SECONDS);
    expect(await metric(replicated, `quarterdeck_read_replica_lag_seconds{replica="127.0.0.1:${standby.port}/quarterdeck"}`)).toBeGreaterThan(MAX_LAG_SECONDS);
    expect(await analytics(replicated)).toEqual(await analytics(reference));

    await query(standby.url('postgres'), 'SELECT pg_wal_replay_resume()');
    await replicaInUse(replicated, true);
    const replicaBefore = await replicaReads(replicated);
    expect(await analytics(replicated)).toEqual(await analytics(reference));
    expect(await replicaReads(replicated)).toBeGreaterThan(replicaBefore);
  }, 120_000);

  it('a standby that is down: reads go to the primary, /readyz and the metric say so; restarted, it is used again', async () => {
    await standby.stop();
    expect(await analytics(replicated)).toEqual(await analytics(reference));
    const down = await replicaInUse(replicated, false);
    expect(down.status).toBe('degraded');
    expect(down.read_replicas).toEqual([{ replica: `127.0.0.1:${standby.port}/quarterdeck`, in_use: false, lag_seconds: null, problem: expect.stringMatching(/^unreachable: /) }]);
    expect(await metric(replicated, `quarterdeck_read_replica_in_use{replica="127.0.0.1:${standby.port}/quarterdeck"}`)).toBe(0);
    const primaryBefore = await primaryReads(replicated);
    expect(await analytics(replicated)).toEqual(await analytics(reference));
    expect(await primaryReads(replicated)).toBeGreaterThan(primaryBefore);

    await standby.start();
    await replicaInUse(replicated, true);
    const replicaBefore = await replicaReads(replicated);
    expect(await analytics(replicated)).toEqual(await analytics(reference));
    expect(await replicaReads(replicated)).toBeGreaterThan(replicaBefore);
  }, 120_000);

  it('a standby killed under reads: they are answered whole from the primary, and the replica is taken out at once, without waiting for a check', async () => {
    // Two servers that check their replicas at start only: whatever takes the replica out here is
    // a read's failure. `reading` has reads running on the standby when it dies; `next` has none
    // then, and still counts the replica in use for its next read.
    const reading = await start(primary.url('quarterdeck'), standby.url('quarterdeck'), CHECKS_AT_START_ONLY);
    const next = await start(primary.url('quarterdeck'), standby.url('quarterdeck'), CHECKS_AT_START_ONLY);
    const range = `startDate=${dayBefore(30)}&endDate=${dayBefore(1)}`;
    // A COPY read (tokens), a query (group_by=model), and both in one answer (users: the page's users, then their rows).
    const paths = ['tokens', 'tokens?group_by=model', 'users'].map((path) => `/api/v1/analytics/${path}${path.includes('?') ? '&' : '?'}${range}`);
    const expected = await Promise.all(paths.map((path) => call(reference.url, populated.ownerKey, 'GET', path)));
    for (const server of [reading, next]) {
      await replicaInUse(server, true);
      const before = await replicaReads(server);
      expect(await call(server.url, populated.ownerKey, 'GET', paths[1]!)).toEqual(expected[1]);
      expect(await replicaReads(server)).toBeGreaterThan(before);
    }

    // The reads are held on the standby: the primary takes the tables' exclusive lock, which the
    // standby replays (a committed transaction after it sends its WAL), and every read of them there waits.
    const locker = new pg.Client({ connectionString: primary.url('quarterdeck') });
    await locker.connect();
    cleanups.push(() => locker.end());
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE analytics_daily, analytics_user_daily, analytics_user_activity IN ACCESS EXCLUSIVE MODE');
    await query(primary.url('quarterdeck'), 'SELECT txid_current()');
    const count = async (text: string) => Number((await query(standby.url('quarterdeck'), text)).rows[0].count);
    await expect.poll(() => count(`SELECT count(*) FROM pg_locks WHERE mode = 'AccessExclusiveLock' AND relation = 'analytics_daily'::regclass`), { timeout: 10_000 }).toBe(1);
    const primaryBefore = await primaryReads(reading);
    const answers = paths.map((path) => fetch(`${reading.url}${path}`, { headers: { authorization: `Bearer ${populated.ownerKey}` } }));
    await expect.poll(() => count(`SELECT count(*) FROM pg_stat_activity WHERE datname = 'quarterdeck' AND wait_event_type = 'Lock'`), { timeout: 10_000 }).toBe(paths.length);

    await standby.kill();
    await locker.query('ROLLBACK');
    for (const [i, answer] of answers.entries()) {
      const response = await answer;
      expect(response.status, paths[i]).toBe(200);
      expect(await response.json()).toEqual(expected[i]);
    }
    expect(await primaryReads(reading)).toBeGreaterThanOrEqual(primaryBefore + paths.length);
    const out = await readiness(reading);
    expect(out.status).toBe('degraded');
    expect(out.read_replicas).toEqual([{ replica: `127.0.0.1:${standby.port}/quarterdeck`, in_use: false, lag_seconds: null, problem: expect.stringMatching(/^unreachable: /) }]);
    expect(await metric(reading, `quarterdeck_read_replica_in_use{replica="127.0.0.1:${standby.port}/quarterdeck"}`)).toBe(0);
    expect(await retriedReads(reading)).toBe(paths.length);

    // The other server has not read since: it still counts the standby in use. Its very next
    // read answers 200 with the primary's answer, and the replica is out.
    expect((await readiness(next)).read_replicas![0]!.in_use).toBe(true);
    expect(await call(next.url, populated.ownerKey, 'GET', paths[0]!)).toEqual(expected[0]);
    expect((await readiness(next)).read_replicas).toEqual([{ replica: `127.0.0.1:${standby.port}/quarterdeck`, in_use: false, lag_seconds: null, problem: expect.stringMatching(/^unreachable: /) }]);

    await standby.start();
    await replicaInUse(replicated, true);
  }, 120_000);

  it('a standby that cancels a read to replay (a conflict with recovery): the read is answered from the primary, and the replica is out until a check', async () => {
    const conflicted = await start(primary.url('quarterdeck'), standby.url('quarterdeck'), CHECKS_AT_START_ONLY);
    await replicaInUse(conflicted, true);
    const path = `/api/v1/analytics/users?startDate=${dayBefore(30)}&endDate=${dayBefore(1)}`;
    const expected = await call(reference.url, populated.ownerKey, 'GET', path);
    const lockers = [new pg.Client({ connectionString: primary.url('quarterdeck') }), new pg.Client({ connectionString: primary.url('quarterdeck') })];
    for (const locker of lockers) {
      await locker.connect();
      cleanups.push(() => locker.end());
      await locker.query('BEGIN');
    }
    const waiting = async () => Number((await query(standby.url('quarterdeck'), `SELECT count(*) FROM pg_stat_activity WHERE datname = 'quarterdeck' AND wait_event_type = 'Lock'`)).rows[0].count);
    // The page's query locks the users' activity on the standby, then waits for their days, which
    // the primary holds exclusively (replayed there). The primary then takes the activity
    // exclusively too: replay waits for the read's lock while the read waits for replay's, and the
    // standby cancels the read after deadlock_timeout (40P01 "deadlock detected"; 40001 "conflict
    // with recovery" when replay's own timer comes first).
    await lockers[0]!.query('LOCK TABLE analytics_user_daily IN ACCESS EXCLUSIVE MODE');
    await query(primary.url('quarterdeck'), 'SELECT txid_current()');
    await expect
      .poll(async () => Number((await query(standby.url('quarterdeck'), `SELECT count(*) FROM pg_locks WHERE mode = 'AccessExclusiveLock' AND relation = 'analytics_user_daily'::regclass`)).rows[0].count), { timeout: 10_000 })
      .toBe(1);
    const answer = fetch(`${conflicted.url}${path}`, { headers: { authorization: `Bearer ${populated.ownerKey}` } });
    await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
    await lockers[1]!.query('LOCK TABLE analytics_user_activity IN ACCESS EXCLUSIVE MODE');
    await query(primary.url('quarterdeck'), 'SELECT txid_current()');

    // The read, cancelled, waits on the primary now (the same locks): the replica is out meanwhile.
    const out = await replicaInUse(conflicted, false);
    expect(out.read_replicas![0]!.problem).toMatch(/^cancels reads to replay: (deadlock detected|canceling statement due to conflict with recovery)/);
    for (const locker of lockers) await locker.query('ROLLBACK');
    const response = await answer;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(expected);
    expect(await retriedReads(conflicted)).toBe(1);
    // The standby itself is fine: the servers that check it keep using it.
    await conflicted.app.services.readReplicas!.check();
    expect((await readiness(conflicted)).read_replicas![0]!.in_use).toBe(true);
  }, 60_000);

  it('a read that fails on the replica through its own fault is not run again on the primary, and the replica stays in use', async () => {
    await replicaInUse(replicated, true);
    const { rollupReads, copyOut } = replicated.app.services;
    const [replicaBefore, primaryBefore, retriedBefore] = [await replicaReads(replicated), await primaryReads(replicated), await retriedReads(replicated)];
    // A query the database refuses (22012), through the queries' connections and through COPY's.
    await expect(sql`SELECT 1 / (count(*) - count(*)) FROM analytics_daily`.execute(rollupReads)).rejects.toThrow(/division by zero/);
    const copied = async () => {
      for await (const rows of copyRows(copyOut, 'SELECT 1 / (count(*) - count(*)) FROM analytics_daily')) expect(rows).toEqual([]);
    };
    await expect(copied()).rejects.toThrow(/division by zero/);
    expect(await replicaReads(replicated)).toBe(replicaBefore + 2);
    expect(await primaryReads(replicated)).toBe(primaryBefore);
    expect(await retriedReads(replicated)).toBe(retriedBefore);
    expect((await readiness(replicated)).read_replicas![0]!.in_use).toBe(true);
    // A request the API refuses reads nothing.
    const refused = await fetch(`${replicated.url}/api/v1/analytics/tokens?startDate=yesterday&endDate=${dayBefore(1)}`, { headers: { authorization: `Bearer ${populated.ownerKey}` } });
    expect(refused.status).toBe(400);
    expect(await replicaReads(replicated)).toBe(replicaBefore + 2);
    expect(await primaryReads(replicated)).toBe(primaryBefore);
  }, 60_000);

  it('of several replicas, uses those in use and passes over one that is not a standby', async () => {
    const both = await start(primary.url('quarterdeck'), `${standby.url('quarterdeck')},${primary.url('quarterdeck')}`);
    const ready = await replicaInUse(both, true);
    expect(ready.status).toBe('degraded');
    expect(ready.read_replicas).toEqual([
      { replica: `127.0.0.1:${standby.port}/quarterdeck`, in_use: true, lag_seconds: expect.any(Number) },
      { replica: `127.0.0.1:${primary.port}/quarterdeck`, in_use: false, lag_seconds: null, problem: 'not a standby: pg_is_in_recovery() is false' },
    ]);
    expect(await analytics(both)).toEqual(await analytics(reference));
    expect(await replicaReads(both)).toBeGreaterThan(0);
  }, 60_000);

  it('refuses DATABASE_READ_URL without DATABASE_URL, and URLs that are not PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: standby.url('quarterdeck') })).toThrow(/DATABASE_READ_URL needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: primary.url('quarterdeck'), DATABASE_READ_URL: 'mysql://127.0.0.1/x' })).toThrow(/postgres:\/\//);
    const config = loadConfig({ DATABASE_URL: primary.url('quarterdeck'), DATABASE_READ_URL: `${standby.url('a')}, postgres://u:p,w@127.0.0.1:1/b` });
    expect(config.databaseReadUrls).toEqual([standby.url('a'), 'postgres://u:p,w@127.0.0.1:1/b']);
  });
});
