import { createServer } from 'node:net';
import { generateDemoEvents } from '../../src/demo/generate.js';

// What the restore drill and the upgrade test share: an organization with realistic data written
// through the HTTP API of a running server, and everything a caller can read back from it, so
// two servers (before and after a restore, an old and a new version) can be compared answer for
// answer.

export const DAY_MS = 86_400_000;
export const dayBefore = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

export async function call(base: string, token: string, method: string, path: string, body?: unknown, expected = [200, 201, 202]): Promise<any> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!expected.includes(response.status)) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** The custom model's API key, sealed at rest with the server's settings key. */
export const CUSTOM_MODEL_SECRET = 'sk-drill-0123456789abcdefWXYZ';

export interface Populated {
  organizationId: string;
  ownerKey: string;
  /** The owner first. */
  userIds: string[];
  /** Every user's API key, the owner's first. */
  keys: string[];
  /** An access token issued before the backup or upgrade. */
  accessToken: string;
  sessionIds: string[];
}

/** An organization with users, 20 days of the demo's telemetry rolled up, controls, keys and sessions. */
export async function populate(base: string, adminToken: string, name: string, seed: number): Promise<Populated> {
  const created = await call(base, adminToken, 'POST', '/admin/v1/organizations', { name, ownerEmail: `owner-${seed}@drill.example` });
  const ownerKey: string = created.apiKey;
  const userIds: string[] = [created.owner.id];
  const keys = [ownerKey];
  for (const [i, role] of (['manager', 'member', 'member'] as const).entries()) {
    const added = await call(base, ownerKey, 'POST', '/api/v0/organization/users', { email: `user${i}-${seed}@drill.example`, role });
    userIds.push(added.user.id);
    keys.push(added.apiKey);
  }
  const events = demoEvents(seed, userIds);
  for (let i = 0; i < events.length; i += 500) await call(base, ownerKey, 'POST', '/api/v1/telemetry/events', { events: events.slice(i, i + 500) });
  await rollUp(base, adminToken);
  await call(base, ownerKey, 'PATCH', '/api/v0/organization/enterprise-controls', { modelPolicy: { blockedModelIds: ['model-x'] }, routerGuidance: 'prefer small models' });
  await call(base, ownerKey, 'PATCH', '/api/v0/organization/enterprise-controls', { routerGuidance: null, customModels: [{ id: 'm1', model: 'big', apiKey: CUSTOM_MODEL_SECRET }] });
  await call(base, keys[2]!, 'POST', '/api/v0/api-keys', { name: 'laptop' });
  const revoked = await call(base, keys[3]!, 'POST', '/api/v0/api-keys', { name: 'old laptop' });
  await call(base, keys[3]!, 'DELETE', `/api/v0/api-keys/${revoked.id}`, undefined, [200, 204]);
  const sessionIds: string[] = [];
  for (const title of ['refactor', 'release notes']) sessionIds.push((await call(base, keys[2]!, 'POST', '/api/v0/sessions', { title })).sessionId);
  const accessToken: string = (await call(base, keys[1]!, 'POST', '/api/v0/auth/token')).accessToken;
  return { organizationId: created.organization.id, ownerKey, userIds, keys, accessToken, sessionIds };
}

/**
 * The demo's telemetry for 20 days up to yesterday, each event attributed to its user, without
 * what the upgrade test's earlier release refuses (the `repository` field, `lines_changed` events).
 */
export function demoEvents(seed: number, userIds: string[]): object[] {
  return generateDemoEvents({ seed, users: userIds.length, days: 20, lastDay: dayBefore(1) })
    .filter(({ event }) => event.type !== 'lines_changed')
    .map(({ user, event: { repository: _repository, ...event } }) => ({ ...event, userId: userIds[user] }));
}

/** POST /admin/v1/rollups/run until nothing ended is pending. */
export async function rollUp(base: string, adminToken: string): Promise<void> {
  while ((await call(base, adminToken, 'POST', '/admin/v1/rollups/run?waitMs=60000')).status !== 'done');
}

const ANALYTICS = ['tokens', 'tools', 'activity', 'productivity', 'users'] as const;

/** Everything callers read about the organization: analytics, controls, keys, users, sessions. */
export async function readEverything(base: string, populated: Populated): Promise<Record<string, unknown>> {
  const { ownerKey } = populated;
  const answers: Record<string, unknown> = {};
  for (const [label, startDate] of [['30d', dayBefore(30)], ['year', dayBefore(365)]] as const) {
    for (const endpoint of ANALYTICS) {
      answers[`${endpoint} ${label}`] = await call(base, ownerKey, 'GET', `/api/v1/analytics/${endpoint}?startDate=${startDate}&endDate=${dayBefore(1)}`);
    }
  }
  answers['tokens by model'] = await call(base, ownerKey, 'GET', `/api/v1/analytics/tokens?startDate=${dayBefore(30)}&endDate=${dayBefore(1)}&group_by=model`);
  answers.controls = await call(base, ownerKey, 'GET', '/api/v0/organization/enterprise-controls');
  answers['controls history'] = await call(base, ownerKey, 'GET', '/api/v0/organization/enterprise-controls/history');
  answers.users = await call(base, ownerKey, 'GET', '/api/v0/organization/users?limit=100');
  answers.limits = await call(base, ownerKey, 'GET', '/api/v0/organization/usage/limits/users');
  // A key's lastUsedAt moves when the key is used (at most once a minute): reading with it may
  // move it, on the original as on the restored store. Everything else about a key is compared.
  for (const [i, key] of populated.keys.entries()) {
    const listed = await call(base, key, 'GET', '/api/v0/api-keys');
    answers[`keys of user ${i}`] = { ...listed, apiKeys: listed.apiKeys.map(({ lastUsedAt, ...rest }: { lastUsedAt: unknown }) => ({ ...rest, used: lastUsedAt !== null })) };
  }
  // In an order every release names the same way (the default order changed: decisions.md §13).
  answers.sessions = await call(base, populated.keys[2]!, 'GET', '/api/v0/sessions?order=asc');
  for (const id of populated.sessionIds) answers[`session ${id}`] = await call(base, populated.keys[2]!, 'GET', `/api/v0/sessions/${id}`);
  answers['access token still valid'] = await call(base, populated.accessToken, 'GET', '/api/v0/organization/enterprise-controls');
  return answers;
}

/** A port free on 127.0.0.1 now, for a server that must be reached before it says where it listens. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
