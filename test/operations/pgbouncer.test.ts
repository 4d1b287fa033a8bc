import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { freePort } from '../helpers/built-console.js';
import { startPgbouncer, type Pgbouncer } from '../helpers/pgbouncer.js';
import { bootstrapOrganization, launchedServers } from '../helpers/server-process.js';
import { scratchDatabase } from '../helpers/server.js';
import { call } from './helpers.js';

// Behind PgBouncer in transaction pooling (docs/deployment.md "Behind PgBouncer"): two server
// processes share one database through a real PgBouncer started here. A key revoked through one
// is refused by the other on its next request, with DATABASE_DIRECT_URL (each replica's listener
// on a direct connection, caching) and without it (no listener can hear through the pooler:
// nothing is cached). The hot paths' statements, named on a direct connection, work through the
// pooler under concurrency.

const directBase = process.env.TEST_DATABASE_URL;
const ADMIN_TOKEN = `pooler-admin-${randomBytes(12).toString('hex')}`;
const { cleanup, launch } = launchedServers();
let pgbouncer: Pgbouncer;

beforeAll(async () => {
  if (!directBase) return;
  pgbouncer = await startPgbouncer(directBase);
  // After the servers (launchedServers kills them first): PgBouncer stops last.
  cleanup.push(() => pgbouncer.stop());
});

async function replicas(withDirectUrl: boolean): Promise<{ a: string; b: string; direct: pg.Client }> {
  const database = await scratchDatabase(directBase!);
  cleanup.unshift(() => database.drop());
  const bases: string[] = [];
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const server = launch({
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_TOKEN,
      LOG_LEVEL: 'info',
      REDIS_URL: '',
      RATE_LIMIT_PER_MINUTE: '10000000',
      DATABASE_URL: pgbouncer.pooled(database.url),
      DATABASE_DIRECT_URL: withDirectUrl ? database.url : '',
    });
    await server.listening;
    bases.push(`http://127.0.0.1:${port}`);
  }
  const direct = new pg.Client({ connectionString: database.url });
  await direct.connect();
  cleanup.unshift(() => direct.end());
  return { a: bases[0]!, b: bases[1]!, direct };
}

/** The replicas whose credential listener listens on the database (docs/security.md "Credential cache"). */
async function listeners(direct: pg.Client): Promise<number> {
  const result = await direct.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND starts_with(application_name, 'quarterdeck_credentials ')`);
  return result.rows[0].n;
}

async function status(base: string, token: string, method: string, path: string): Promise<number> {
  return (await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}` } })).status;
}

/** Through `a`: a member, its key used on `b` (cached there when `b` caches), revoked on `a`; what `b` answers next. */
async function revokeThroughOne(a: string, b: string, ownerKey: string): Promise<number> {
  const member = await call(a, ownerKey, 'POST', '/api/v0/organization/users', { email: `m-${randomBytes(4).toString('hex')}@pooler.test`, role: 'member' });
  for (let i = 0; i < 3; i++) expect(await status(b, member.apiKey, 'GET', '/api/v0/api-keys')).toBe(200);
  const [key] = (await call(a, member.apiKey, 'GET', '/api/v0/api-keys')).apiKeys;
  await call(a, ownerKey, 'DELETE', `/api/v0/api-keys/${key.id}`, undefined, [204]);
  return status(b, member.apiKey, 'GET', '/api/v0/api-keys');
}

/** Many computer heartbeats at once on both replicas: the computer lookup is a prepared query (db/prepared-query.ts). */
async function concurrentHeartbeats(bases: string[], ownerKey: string): Promise<number[]> {
  const computer = await call(bases[0]!, ownerKey, 'POST', '/api/v0/computers', { name: 'box', providerType: 'byom' });
  const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => status(bases[i % 2]!, computer.computerToken, 'POST', '/api/v0/agent/heartbeat')));
  return [...new Set(answers)];
}

describe.skipIf(!directBase)('behind PgBouncer in transaction pooling', () => {
  it('with DATABASE_DIRECT_URL: both replicas listen directly, and a key revoked through one is refused by the other on its next request', async () => {
    const { a, b, direct } = await replicas(true);
    expect(await listeners(direct)).toBe(2);
    const ownerKey = await bootstrapOrganization(a, ADMIN_TOKEN, 'owner@pooler-direct.test');
    expect(await revokeThroughOne(a, b, ownerKey)).toBe(401);
    expect(await revokeThroughOne(b, a, ownerKey)).toBe(401);
    expect(await concurrentHeartbeats([a, b], ownerKey)).toEqual([200]);
  }, 120_000);

  it('without DATABASE_DIRECT_URL: no listener can hear through the pooler, nothing is cached, and a revoked key is refused on the next request', async () => {
    const { a, b, direct } = await replicas(false);
    expect(await listeners(direct)).toBe(0);
    const ownerKey = await bootstrapOrganization(a, ADMIN_TOKEN, 'owner@pooler-only.test');
    expect(await revokeThroughOne(a, b, ownerKey)).toBe(401);
    expect(await revokeThroughOne(b, a, ownerKey)).toBe(401);
    expect(await concurrentHeartbeats([a, b], ownerKey)).toEqual([200]);
  }, 120_000);
});

describe('DATABASE_DIRECT_URL', () => {
  it('is read beside DATABASE_URL only, and only as a postgres:// URL', () => {
    const direct = 'postgres://quarterdeck@db.internal:5432/quarterdeck';
    expect(loadConfig({ DATABASE_URL: 'postgres://quarterdeck@pgbouncer.internal:6432/quarterdeck', DATABASE_DIRECT_URL: direct }).databaseDirectUrl).toBe(direct);
    expect(loadConfig({ DATABASE_URL: direct }).databaseDirectUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_DIRECT_URL: direct })).toThrow(/only read with DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: direct, DATABASE_DIRECT_URL: 'mysql://db.internal/quarterdeck' })).toThrow(ConfigError);
  });
});
