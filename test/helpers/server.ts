import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openStore, type Store } from '../../src/db/store.js';
import type { App } from '../../src/http/context.js';
import type { Role } from '../../src/domain/roles.js';
import { SharedRedis } from '../../src/services/shared-redis.js';
import type { TelemetryEvent } from '../../src/telemetry/events.js';
import { recordEvents } from '../../src/telemetry/ingest.js';

// A real server for tests: the embedded store in memory by default, or a scratch PostgreSQL
// database (and Redis) when TEST_DATABASE_URL / TEST_REDIS_URL are set, as CI does.

export interface TestServer {
  app: App;
  store: Store;
  config: Config;
  adminToken: string;
  close(): Promise<void>;
}

/**
 * The database settings of a server on the database at `url`. In the pass through PgBouncer
 * (TEST_POOLER_URL, docs/testing.md) DATABASE_URL leads through the pooler, in transaction
 * pooling, and DATABASE_DIRECT_URL is `url` itself, for what needs a session.
 */
export function serverDatabaseEnv(url: string): { DATABASE_URL: string; DATABASE_DIRECT_URL: string } {
  const pooler = process.env.TEST_POOLER_URL;
  if (!pooler) return { DATABASE_URL: url, DATABASE_DIRECT_URL: '' };
  const through = new URL(pooler);
  through.pathname = new URL(url).pathname;
  return { DATABASE_URL: through.toString(), DATABASE_DIRECT_URL: url };
}

/** A new empty database on the server of `baseUrl`; `url` reaches it directly (see serverDatabaseEnv for a server's settings). */
export async function scratchDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `qd_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A SharedRedis that has answered once (it connects in the background; tests want it up). */
export async function connectedRedis(url: string): Promise<SharedRedis> {
  const redis = new SharedRedis(url);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis at ${url} did not answer`)), 10_000);
    if (redis.up) return resolve();
    redis.onChange((state) => {
      if (state !== 'up') return;
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

/**
 * With TEST_DATABASE_READ_URL (a streaming standby of TEST_DATABASE_URL's cluster): the scratch
 * database's analytics reads go to the standby (docs/read-replicas.md), checked often, so that the
 * analytics tests run through a replica (docs/testing.md).
 */
function readReplicaOf(scratchUrl: string): Record<string, string> {
  const standby = process.env.TEST_DATABASE_READ_URL;
  if (!standby) return {};
  const url = new URL(standby);
  url.pathname = new URL(scratchUrl).pathname;
  return { DATABASE_READ_URL: url.toString(), DATABASE_READ_CHECK_INTERVAL_MS: '100' };
}

export async function startTestServer(env: Record<string, string> = {}, options: Pick<AppOptions, 'webRoot' | 'logger' | 'otlpConsumer'> = {}): Promise<TestServer> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const scratch = baseUrl ? await scratchDatabase(baseUrl) : undefined;
  // Tests send many bad credentials from one address on purpose; the limit of failed
  // authentications has its own tests (rate-limits.test.ts).
  const config = loadConfig({ DATA_DIR: '/nonexistent-test-data-dir', AUTH_FAILURES_PER_MINUTE: '1000000', REDIS_KEY_PREFIX: `qd-test-${randomBytes(6).toString('hex')}:`, ...env, ...(scratch ? { ...serverDatabaseEnv(scratch.url), ...readReplicaOf(scratch.url) } : {}) });
  const seed = scratch ? undefined : new Blob([await readFile(inject('embeddedSeedPath'))]);
  const store = await openStore(config, { inMemory: true, ...(seed ? { seed } : {}) });
  const redis = process.env.TEST_REDIS_URL ? await connectedRedis(process.env.TEST_REDIS_URL) : undefined;
  const adminToken = `admin-${randomBytes(16).toString('hex')}`;
  const app = await buildApp({ config, store, adminToken, redis, ...options });
  await app.ready();
  return {
    app,
    store,
    config,
    adminToken,
    async close() {
      await app.close();
      redis?.close();
      await store.close();
      await scratch?.drop();
    },
  };
}

export interface Caller {
  id: string;
  email: string;
  role: Role;
  key: string;
  /** The one-time console invitation link answered when the user was created. */
  inviteUrl: string;
}

export interface TestOrganization {
  id: string;
  owner: Caller;
  /** One user of each role, the owner included. */
  users: Record<Role, Caller>;
}

let sequence = 0;

export function uniqueEmail(tag: string): string {
  sequence += 1;
  return `${tag}-${sequence}-${randomBytes(3).toString('hex')}@example.test`;
}

export function auth(key: string): Record<string, string> {
  return { authorization: `Bearer ${key}` };
}

export function json<T = any>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

/** Bootstraps an organization and adds one user per role. */
export async function createOrganization(server: TestServer, name = 'Test Org'): Promise<TestOrganization> {
  const ownerEmail = uniqueEmail('owner');
  const created = await server.app.inject({
    method: 'POST',
    url: '/admin/v1/organizations',
    headers: auth(server.adminToken),
    payload: { name, ownerEmail },
  });
  if (created.statusCode !== 201) throw new Error(`bootstrap failed: ${created.statusCode} ${created.body}`);
  const body = created.json();
  const owner: Caller = { id: body.owner.id, email: ownerEmail, role: 'owner', key: body.apiKey, inviteUrl: body.inviteUrl };
  const users = { owner } as Record<Role, Caller>;
  for (const role of ['manager', 'member', 'guest'] as const) users[role] = await addUser(server, owner.key, role);
  return { id: body.organization.id, owner, users };
}

export async function addUser(server: TestServer, actorKey: string, role: Role, email = uniqueEmail(role)): Promise<Caller> {
  const response = await server.app.inject({ method: 'POST', url: '/api/v0/organization/users', headers: auth(actorKey), payload: { email, role } });
  if (response.statusCode !== 201) throw new Error(`add user failed: ${response.statusCode} ${response.body}`);
  const body = response.json();
  return { id: body.user.id, email, role, key: body.apiKey, inviteUrl: body.inviteUrl };
}

/**
 * A member's use of `credits` Standard Credits at `at`: one model call reporting them as its
 * billable tokens, stored as telemetry is, which adds them to the member's month.
 */
export async function useCredits(server: TestServer, organizationId: string, userId: string, credits: number, at = new Date()): Promise<void> {
  const call: TelemetryEvent = {
    id: `credits-${randomUUID()}`,
    type: 'model_call',
    timestamp: at.getTime(),
    sessionId: 'credits',
    modelId: 'claude-sonnet-4-5',
    modelTier: 'standard',
    inputTokens: 0,
    outputTokens: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    billableTokens: credits,
  };
  await recordEvents(server.store.db, server.config.modelCatalogue, organizationId, userId, [call]);
}

export async function accessToken(server: TestServer, key: string): Promise<string> {
  const response = await server.app.inject({ method: 'POST', url: '/api/v0/auth/token', headers: auth(key) });
  if (response.statusCode !== 200) throw new Error(`token failed: ${response.statusCode} ${response.body}`);
  return response.json().accessToken;
}

/** Asserts the one error body of decisions.md §3 and returns it. */
export function expectError(response: LightMyRequestResponse, status: number): { title: string; detail: string; status: number; requestId: string; errors?: { path: string; message: string }[] } {
  if (response.statusCode !== status) throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  const body = response.json();
  const keys = Object.keys(body).sort();
  const expected = body.errors ? ['detail', 'errors', 'requestId', 'status', 'title'] : ['detail', 'requestId', 'status', 'title'];
  if (JSON.stringify(keys) !== JSON.stringify(expected)) throw new Error(`not the error body: ${response.body}`);
  if (body.status !== status || typeof body.title !== 'string' || typeof body.detail !== 'string') throw new Error(`bad error body: ${response.body}`);
  if (body.requestId !== response.headers['x-request-id']) throw new Error('requestId differs from X-Request-Id');
  return body;
}

/** A signed-in console browser: its session cookie and CSRF token. */
export interface ConsoleBrowser {
  cookie: string;
  csrfToken: string;
}

export const TEST_PASSWORD = 'correct horse battery staple';

/** The invitation token at the end of an inviteUrl. */
export function invitationToken(inviteUrl: string): string {
  return inviteUrl.slice(inviteUrl.lastIndexOf('/') + 1);
}

/** The qd_session value a response sets ('' when it clears it). */
export function sessionCookieFrom(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === 'qd_session')?.value;
}

/** Accepts the caller's invitation with a password, as the invite page does. */
export async function acceptInvitation(server: TestServer, caller: Pick<Caller, 'inviteUrl'>, password = TEST_PASSWORD): Promise<ConsoleBrowser> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v0/auth/invitations/accept',
    headers: { origin: server.config.publicAppUrl },
    payload: { token: invitationToken(caller.inviteUrl), password },
  });
  if (response.statusCode !== 200) throw new Error(`accept failed: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookieFrom(response)!, csrfToken: response.json().csrfToken };
}

/** Headers of a console request: the cookie, and for writes the Origin and CSRF token too. */
export function consoleHeaders(server: TestServer, browser: ConsoleBrowser, options: { csrf?: boolean } = { csrf: true }): Record<string, string> {
  return { cookie: `qd_session=${browser.cookie}`, ...(options.csrf ? { origin: server.config.publicAppUrl, 'x-csrf-token': browser.csrfToken } : {}) };
}
