import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { auth, connectedRedis, createOrganization, expectError, startTestServer, type TestServer } from '../helpers/server.js';

// decisions.md §3 and docs/decisions.md "Rate limits": a window of requests per caller (its API
// key, JWTs included), failed authentications per client address, proxy headers only from
// configured proxies, and the same counts on every replica through Redis.

// Each case starts a server of its own.
vi.setConfig({ testTimeout: 120_000 });

async function withServer(env: Record<string, string>, run: (server: TestServer) => Promise<void>) {
  const server = await startTestServer(env);
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

const tokenOf = async (server: TestServer, key: string) =>
  (await server.app.inject({ method: 'POST', url: '/api/v0/auth/token', headers: auth(key) })).json<{ accessToken: string }>().accessToken;

describe('rate limits', () => {
  it('answers 429 with Retry-After and RateLimit headers once a key spends its window, per key', () =>
    withServer({ RATE_LIMIT_PER_MINUTE: '3' }, async (server) => {
      const org = await createOrganization(server);
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 5; i++) {
        last = await server.app.inject({ method: 'GET', url: '/api/v0/api-keys', headers: auth(org.users.guest.key) });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expectError(last!, 429);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(last!.headers['ratelimit-limit']).toBe('3');
      expect(last!.headers['ratelimit-remaining']).toBe('0');
      const other = await server.app.inject({ method: 'GET', url: '/api/v0/api-keys', headers: auth(org.users.member.key) });
      expect(other.statusCode).toBe(200);
      expect(other.headers['ratelimit-remaining']).toBe('2');
    }));

  it('counts access tokens against the API key they were minted from', () =>
    withServer({ RATE_LIMIT_PER_MINUTE: '4' }, async (server) => {
      const org = await createOrganization(server);
      // Minting spends one request of the key each time.
      const tokens = [await tokenOf(server, org.users.member.key), await tokenOf(server, org.users.member.key)];
      const statuses = [];
      for (const token of [...tokens, ...tokens]) statuses.push((await server.app.inject({ method: 'GET', url: '/api/v0/api-keys', headers: auth(token) })).statusCode);
      expect(statuses).toEqual([200, 200, 429, 429]);
      expect((await server.app.inject({ method: 'GET', url: '/api/v0/api-keys', headers: auth(org.users.member.key) })).statusCode).toBe(429);
    }));

  it('limits failed authentications per client address, whatever credential each one sends', () =>
    withServer({ AUTH_FAILURES_PER_MINUTE: '5' }, async (server) => {
      const org = await createOrganization(server);
      const guess = (i: number, remoteAddress = '203.0.113.7') =>
        server.app.inject({ method: 'GET', url: '/api/v0/organization/users', remoteAddress, headers: auth(`qd_${'x'.repeat(30)}${i}`) });
      for (let i = 0; i < 5; i++) expectError(await guess(i), 401);
      const blocked = await guess(99);
      expectError(blocked, 429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // A key this server has not verified yet waits too (it would cost a lookup); a key it has
      // verified (the owner's, used to build the organization) is not refused for others' guesses.
      const unseen = await server.app.inject({ method: 'GET', url: '/api/v0/organization/users', remoteAddress: '203.0.113.7', headers: auth(org.users.guest.key) });
      expectError(unseen, 429);
      const right = await server.app.inject({ method: 'GET', url: '/api/v0/organization/users', remoteAddress: '203.0.113.7', headers: auth(org.owner.key) });
      expect(right.statusCode).toBe(200);
      expectError(await guess(1, '203.0.113.8'), 401);
      const elsewhere = await server.app.inject({ method: 'GET', url: '/api/v0/organization/users', remoteAddress: '203.0.113.8', headers: auth(org.owner.key) });
      expect(elsewhere.statusCode).toBe(200);
    }));

  it('limits wrong admin tokens and the admin routes', () =>
    withServer({ AUTH_FAILURES_PER_MINUTE: '3', RATE_LIMIT_PER_MINUTE: '2' }, async (server) => {
      const wrong = () => server.app.inject({ method: 'POST', url: '/admin/v1/rollups/run', remoteAddress: '198.51.100.1', headers: auth(`admin-${'y'.repeat(32)}`) });
      for (let i = 0; i < 3; i++) expectError(await wrong(), 401);
      expectError(await wrong(), 429);
      const right = () => server.app.inject({ method: 'POST', url: '/admin/v1/rollups/run', remoteAddress: '198.51.100.2', headers: auth(server.adminToken) });
      expect((await right()).statusCode).toBe(200);
      expect((await right()).statusCode).toBe(200);
      expectError(await right(), 429);
    }));

  it('believes X-Forwarded-For only from configured proxies', async () => {
    const spoof = (server: TestServer, i: number) =>
      server.app.inject({ method: 'GET', url: '/api/v0/organization/users', remoteAddress: '192.0.2.10', headers: { ...auth(`qd_${'z'.repeat(30)}${i}`), 'x-forwarded-for': `198.18.0.${i}` } });
    await withServer({ AUTH_FAILURES_PER_MINUTE: '2' }, async (server) => {
      // Without TRUST_PROXY a changing X-Forwarded-For changes nothing: the peer address counts.
      expectError(await spoof(server, 1), 401);
      expectError(await spoof(server, 2), 401);
      expectError(await spoof(server, 3), 429);
    });
    await withServer({ AUTH_FAILURES_PER_MINUTE: '2', TRUST_PROXY: '192.0.2.10' }, async (server) => {
      // Behind the configured proxy, each forwarded client address counts on its own.
      for (let i = 1; i <= 3; i++) expectError(await spoof(server, i), 401);
    });
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('shares the counts of two replicas through Redis', () =>
    withServer({ RATE_LIMIT_PER_MINUTE: '3' }, async (server) => {
      const org = await createOrganization(server);
      const redis = await connectedRedis(process.env.TEST_REDIS_URL!);
      const replica = await buildApp({ config: loadConfig({ RATE_LIMIT_PER_MINUTE: '3', REDIS_KEY_PREFIX: server.config.redisKeyPrefix, DATABASE_URL: server.config.databaseUrl ?? '' }), store: server.store, adminToken: server.adminToken, redis });
      try {
        const call = (app: typeof replica) => app.inject({ method: 'GET', url: '/api/v0/api-keys', headers: auth(org.users.manager.key) });
        expect((await call(server.app)).statusCode).toBe(200);
        expect((await call(replica)).statusCode).toBe(200);
        expect((await call(server.app)).statusCode).toBe(200);
        expectError(await call(replica), 429);
        expectError(await call(server.app), 429);
      } finally {
        await replica.close();
        redis.close();
      }
    }));
});
