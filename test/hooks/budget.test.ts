import { stat } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetCacheFile } from '../../src/hooks/budget.js';
import { auth, createOrganization, startTestServer, useCredits, type TestOrganization, type TestServer } from '../helpers/server.js';
import { cli, tempDir } from './helpers.js';

// `quarterdeck hooks budget` as the agent runs it (a subprocess), against a live server on a real
// port, a closed port and a server that accepts connections but never answers.

let server: TestServer;
let org: TestOrganization;
let url: string;
let dir: Awaited<ReturnType<typeof tempDir>>;
let cacheCount = 0;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server);
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  dir = await tempDir();
});
afterAll(async () => {
  await server?.close();
  await dir?.remove();
});

/** A fresh cache folder per run unless one is given, so runs do not answer each other. */
function budget(key: string, options: { args?: string[]; cacheHome?: string; url?: string } = {}) {
  cacheCount += 1;
  const cacheHome = options.cacheHome ?? join(dir.path, `cache-${cacheCount}`);
  return cli(['hooks', 'budget', ...(options.args ?? [])], { env: { QUARTERDECK_URL: options.url ?? url, QUARTERDECK_API_KEY: key, XDG_CACHE_HOME: cacheHome } });
}

async function setLimit(email: string, limit: number): Promise<void> {
  const response = await server.app.inject({ method: 'PUT', url: '/api/v0/organization/usage/limits/users', headers: auth(org.owner.key), payload: { users: [{ email, limit }] } });
  expect(response.json().updated).toHaveLength(1);
}

const use = (userId: string, credits: number) => useCredits(server, org.id, userId, credits);
const month = new Date().toISOString().slice(0, 7);

describe('hooks budget against a live server', () => {
  it('says nothing without a limit or below the threshold', async () => {
    expect(await budget(org.users.guest.key)).toEqual({ code: 0, stdout: '', stderr: '' });
    await setLimit(org.users.guest.email, 1000);
    await use(org.users.guest.id, 740);
    expect(await budget(org.users.guest.key)).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('prints the remaining credits on stdout past the threshold (75 % by default, or --warn-at)', async () => {
    const { member } = org.users;
    await setLimit(member.email, 10_000);
    await use(member.id, 8_000);
    expect(await budget(member.key)).toEqual({ code: 0, stdout: `Quarterdeck: 80% of your monthly credit limit used; 2,000 of 10,000 Standard Credits left in ${month} (UTC).\n`, stderr: '' });
    expect(await budget(member.key, { args: ['--warn-at', '90'] })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('blocks with exit 2 and the reason on stderr once the limit is reached', async () => {
    const { manager } = org.users;
    await setLimit(manager.email, 500);
    await use(manager.id, 500);
    const run = await budget(manager.key);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`Quarterdeck: your monthly credit limit is reached (500 of 500 Standard Credits used in ${month}, UTC). New prompts are blocked until an owner or manager raises your limit or the month ends.\n`);
  });

  it('answers from its private cache within the TTL, and asks again with --cache-seconds 0', async () => {
    const { owner } = org;
    await setLimit(owner.email, 100);
    const cacheHome = join(dir.path, 'shared-cache');
    expect(await budget(owner.key, { cacheHome })).toEqual({ code: 0, stdout: '', stderr: '' });
    const file = budgetCacheFile({ XDG_CACHE_HOME: cacheHome }, url, owner.key);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await use(owner.id, 100);
    // The server now says "reached"; the cached answer (0 used) still stands.
    expect(await budget(owner.key, { cacheHome })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect((await budget(owner.key, { cacheHome, args: ['--cache-seconds', '0'] })).code).toBe(2);
  });

  it('lets the prompt through, saying why, with a bad key or none', async () => {
    const bad = await budget('qd_not-a-real-key');
    expect(bad.code).toBe(0);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^Quarterdeck: credit budget not checked \(.*answered 401.*\); the prompt goes through\.\n$/);
    const none = await cli(['hooks', 'budget'], { env: { QUARTERDECK_URL: url } });
    expect(none).toEqual({ code: 0, stdout: '', stderr: 'Quarterdeck: credit budget not checked (no API key: set QUARTERDECK_API_KEY); the prompt goes through.\n' });
  });

  it('refuses bad flags as usage errors (exit 1, which does not block)', async () => {
    const run = await budget(org.owner.key, { args: ['--warn-at', '0'] });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--warn-at must be a whole number from 1 to 100, got "0"');
  });
});

describe('hooks budget without a server', () => {
  it('lets the prompt through at once when nothing listens on the port', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const run = await budget(org.owner.key, { url: `http://127.0.0.1:${port}` });
    expect(run).toEqual({ code: 0, stdout: '', stderr: `Quarterdeck: credit budget not checked (http://127.0.0.1:${port} could not be reached (ECONNREFUSED)); the prompt goes through.\n` });
  });

  it('lets the prompt through after --timeout-ms when the server never answers', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    try {
      const started = performance.now();
      const run = await budget(org.owner.key, { url: silentUrl, args: ['--timeout-ms', '400'] });
      const elapsed = performance.now() - started;
      expect(run).toEqual({ code: 0, stdout: '', stderr: `Quarterdeck: credit budget not checked (no answer from ${silentUrl} within 400 ms); the prompt goes through.\n` });
      expect(elapsed).toBeGreaterThanOrEqual(400);
      // The process start from the TypeScript sources takes most of the rest.
      expect(elapsed).toBeLessThan(4_000);
      expect(sockets.length).toBe(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
