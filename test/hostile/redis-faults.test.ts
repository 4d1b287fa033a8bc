import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { freePort } from '../helpers/built-console.js';
import { scratchDatabase } from '../helpers/server.js';

// A failing Redis never stalls the API (docs/deployment.md "Rate limits", docs/security.md):
// a real redis-server on a loopback port, absent when the server starts, then started, killed,
// restarted and frozen with SIGSTOP. Throughout, requests answer (the frozen case resumes Redis
// only after every request has answered, so a stalled request fails the test), /readyz says
// what is wrong, and /metrics says the limits are open.

vi.setConfig({ testTimeout: 180_000 });

const REDIS_SERVER = spawnSync('sh', ['-c', 'command -v redis-server']).stdout.toString().trim();

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function startRedis(port: number): ChildProcess {
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  cleanups.push(async () => void child.kill('SIGKILL'));
  return child;
}

async function eventually<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  for (let tries = 0; tries < 300; tries++) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe.skipIf(!REDIS_SERVER)('a failing Redis', () => {
  it('starts without Redis, connects when it comes, and keeps answering while it is killed or frozen', async () => {
    const redisPort = await freePort();
    const dataDir = await mkdtemp(join(tmpdir(), 'qd-redis-faults-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const scratch = process.env.TEST_DATABASE_URL ? await scratchDatabase(process.env.TEST_DATABASE_URL) : undefined;
    if (scratch) cleanups.push(() => scratch.drop());
    const adminToken = `admin-${'a'.repeat(32)}`;
    // Redis is not running yet: the server must start anyway.
    const server: RunningServer = await startServer(
      loadConfig({
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'silent',
        ADMIN_TOKEN: adminToken,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        AUTH_FAILURES_PER_MINUTE: '3',
        RATE_LIMIT_PER_MINUTE: '100000',
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      }),
    );
    cleanups.push(() => server.stop());
    const request = async (path: string, token?: string) => {
      const response = await fetch(`${server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      return { status: response.status, body: await response.text() };
    };
    const readiness = async () => JSON.parse((await request('/readyz')).body) as { status: string; redis?: string };
    const limitsOpen = async () => /^quarterdeck_rate_limits_open (\d)$/m.exec((await request('/metrics')).body)?.[1];
    let guessNumber = 0;
    const guess = async () => (await request('/api/v0/organization/users', `qd_${'q'.repeat(40)}${guessNumber++}`)).status;

    expect(await readiness()).toMatchObject({ status: 'degraded', redis: expect.stringMatching(/rate limits are not enforced/) });
    expect(await limitsOpen()).toBe('1');
    const org = await fetch(`${server.url}/admin/v1/organizations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Redis faults', ownerEmail: 'owner@redis-faults.test' }),
    }).then((response) => response.json() as Promise<{ apiKey: string }>);
    const valid = async () => (await request('/api/v0/organization/users', org.apiKey)).status;
    expect(await valid()).toBe(200);
    // Open: guesses are not limited while Redis is away.
    expect([await guess(), await guess(), await guess(), await guess()]).toEqual([401, 401, 401, 401]);

    // Redis comes: the server connects by itself and the limits hold again.
    let redis = startRedis(redisPort);
    await eventually('Redis up', async () => ((await readiness()).redis === 'up' ? true : undefined));
    expect(await limitsOpen()).toBe('0');
    expect([await guess(), await guess(), await guess(), await guess()]).toEqual([401, 401, 401, 429]);
    expect(await valid()).toBe(200);

    // Killed: answers go on, open, and /readyz says so.
    redis.kill('SIGKILL');
    await new Promise((resolve) => redis.once('exit', resolve));
    const whileKilled = [];
    for (let i = 0; i < 10; i++) whileKilled.push(await valid());
    expect(whileKilled).toEqual(Array(10).fill(200));
    expect(await guess()).toBe(401);
    expect(await readiness()).toMatchObject({ status: 'degraded' });
    expect(await limitsOpen()).toBe('1');

    // Back, then frozen (a hung or partitioned Redis: the connection stays open, nothing answers).
    redis = startRedis(redisPort);
    await eventually('Redis up again', async () => ((await readiness()).redis === 'up' ? true : undefined));
    expect(redis.kill('SIGSTOP')).toBe(true);
    try {
      const whileFrozen = [];
      for (let i = 0; i < 20; i++) whileFrozen.push(await valid());
      expect(whileFrozen).toEqual(Array(20).fill(200));
      expect(await guess()).toBe(401);
      expect(await readiness()).toMatchObject({ status: 'degraded', redis: expect.stringMatching(/timed out|timeout/i) });
      expect(await limitsOpen()).toBe('1');
      // Stay frozen a few seconds more: the probes time out too, and requests still answer.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(await valid()).toBe(200);
    } finally {
      redis.kill('SIGCONT');
    }
    await eventually('Redis up after thawing', async () => ((await readiness()).redis === 'up' ? true : undefined));
    expect(await limitsOpen()).toBe('0');
  });
});
