import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { addUser, auth, createOrganization, expectError, json, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { daysBack, replay, runNamed } from './captured.js';

// Ingest keys (docs/otel.md, "Keys and identity"): created by owners and managers, they can only
// send telemetry, and each record counts for the member its identity names — or waits,
// unattributed, for an admin. A personal key's telemetry counts for its owner, whatever the
// records say.

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server);
});
afterAll(async () => server?.close());

async function ingestKey(actorKey: string): Promise<string> {
  const response = await server.app.inject({ method: 'POST', url: '/api/v0/api-keys', headers: auth(actorKey), payload: { name: 'fleet', kind: 'ingest' } });
  expect(response.statusCode, response.body).toBe(201);
  expect(json(response).kind).toBe('ingest');
  return json(response).key;
}

const rollUp = async () => expect((await server.app.inject({ method: 'POST', url: '/admin/v1/rollups/run', headers: auth(server.adminToken) })).statusCode).toBe(200);

async function tokensOfUsers(key: string, day: string): Promise<Map<string, number>> {
  const response = await server.app.inject({ url: `/api/v1/analytics/users?startDate=${day}&endDate=${day}&limit=100`, headers: auth(key) });
  expect(response.statusCode, response.body).toBe(200);
  return new Map(json(response).data.map((row: { user_email: string; billable_tokens: number }) => [row.user_email, row.billable_tokens]));
}

describe('creating ingest keys', () => {
  it('is for owners and managers; the key lists with its kind', async () => {
    const manager = await addUser(server, org.owner.key, 'manager');
    await ingestKey(manager.key);
    const listed = json(await server.app.inject({ url: '/api/v0/api-keys', headers: auth(manager.key) })).apiKeys;
    expect(listed.map((key: { kind: string }) => key.kind)).toContain('ingest');
    const member = await addUser(server, org.owner.key, 'member');
    expectError(await server.app.inject({ method: 'POST', url: '/api/v0/api-keys', headers: auth(member.key), payload: { name: 'fleet', kind: 'ingest' } }), 403);
    expectError(await server.app.inject({ method: 'POST', url: '/api/v0/api-keys', headers: auth(member.key), payload: { name: 'fleet', kind: 'robot' } }), 400);
  });

  it('can only send telemetry: every other route answers 403, and it cannot be exchanged for a token', async () => {
    const key = await ingestKey(org.owner.key);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = addDays(today, -1);
    for (const [method, url] of [
      ['GET', '/api/v0/organization/users'],
      ['GET', '/api/v0/api-keys'],
      ['POST', '/api/v0/auth/token'],
      ['GET', `/api/v1/analytics/tokens?startDate=${yesterday}&endDate=${yesterday}`],
      ['GET', '/api/organization/maturity-level-reports'],
    ] as const) {
      const body = expectError(await server.app.inject({ method, url, headers: auth(key) }), 403);
      expect(body.detail).toContain('ingest key');
    }
  });
});

describe('OTLP with an ingest key', () => {
  const claude = runNamed('claude-code', 'http-json-identity-content'); // user.email dev@example.test
  const expectedCredits = 2400 + 600 + 100 + 0.1 * 200;

  it('keeps the records of an e-mail no member has as unattributed, counted nowhere, listed with their identity', async () => {
    const other = await createOrganization(server, 'Unknown sender');
    const key = await ingestKey(other.owner.key);
    const { day, days } = daysBack(claude);
    await replay(server, claude, key, days);
    await rollUp();
    expect([...(await tokensOfUsers(other.owner.key, day)).values()]).toEqual([]);
    const identities = await server.store.db.selectFrom('telemetry_identities').selectAll().where('organization_id', '=', other.id).execute();
    expect(identities.map((row) => [row.id, row.kind, row.user_id])).toEqual([['email:dev@example.test', 'email', null]]);
    const waiting = await server.store.db.selectFrom('telemetry_unattributed_events').select(['identity_id', 'event']).where('organization_id', '=', other.id).execute();
    expect(waiting.length).toBeGreaterThan(0);
    // Only the translated events wait: no prompt, response or tool input from the records.
    expect(JSON.stringify(waiting)).not.toMatch(/hello\.txt|Create a file|"prompt"|tool_input/);
    const connections = await server.store.db.selectFrom('telemetry_connections').selectAll().where('organization_id', '=', other.id).execute();
    expect(connections).toHaveLength(1);
    expect(connections[0]).toMatchObject({ agent: 'claude-code', sender: 'identity:email:dev@example.test', accepted: 0, unattributed: waiting.length });
    // Its first sighting is announced once (the outbox), not again when the exports are retried.
    await replay(server, claude, key, days);
    const announced = await server.store.db.selectFrom('webhook_events').select(['payload']).where('organization_id', '=', other.id).where('type', '=', 'agent.identity_unattributed').execute();
    expect(announced.map((event) => event.payload)).toEqual([{ identityId: 'email:dev@example.test', kind: 'email', agent: 'claude-code' }]);
  });

  it("counts a member's records for that member, matched by e-mail case-insensitively", async () => {
    const team = await createOrganization(server, 'Known sender');
    await addUser(server, team.owner.key, 'member', 'Dev@Example.test');
    const key = await ingestKey(team.owner.key);
    const { day, days } = daysBack(claude);
    await replay(server, claude, key, days);
    await replay(server, claude, key, days);
    await rollUp();
    expect(Object.fromEntries(await tokensOfUsers(team.owner.key, day))).toEqual({ 'Dev@Example.test': expectedCredits });
  });

  it("lands Qwen Code 0.24's records on the member its OTEL_RESOURCE_ATTRIBUTES e-mail names (0.15 sent none)", async () => {
    const qwen = runNamed('qwen', 'http-identity');
    expect(qwen.cli.version).toBe('0.24.4');
    const team = await createOrganization(server, 'Qwen fleet');
    await addUser(server, team.owner.key, 'member', 'dev@example.test');
    const key = await ingestKey(team.owner.key);
    const { day, days } = daysBack(qwen);
    await replay(server, qwen, key, days);
    await rollUp();
    const served = Object.values(qwen.expected.tokensByModel).reduce((sum, model) => sum + model.input + model.output + model.cacheWrite + 0.1 * model.cacheRead, 0);
    expect(Object.fromEntries(await tokensOfUsers(team.owner.key, day))).toEqual({ 'dev@example.test': served });
    expect(await server.store.db.selectFrom('telemetry_identities').select('id').where('organization_id', '=', team.id).execute()).toEqual([]);
  });

  it("lands Droid's records on the member its OTEL_RESOURCE_ATTRIBUTES e-mail names, past the `unknown` on every data point", async () => {
    const droid = runNamed('droid', 'http-legacy-identity');
    const team = await createOrganization(server, 'Droid fleet');
    const member = await addUser(server, team.owner.key, 'member', 'dev@example.test');
    const key = await ingestKey(team.owner.key);
    await replay(server, droid, key, daysBack(droid).days);
    expect(await server.store.db.selectFrom('telemetry_identities').select('id').where('organization_id', '=', team.id).execute()).toEqual([]);
    const connections = await server.store.db.selectFrom('telemetry_connections').select(['agent', 'user_id', 'tool_calls', 'unattributed']).where('organization_id', '=', team.id).execute();
    expect(connections).toEqual([{ agent: 'droid', user_id: member.id, tool_calls: droid.expected.toolCallsAsked.length, unattributed: 0 }]);
  });

  it('creates the member an unknown e-mail names when the organization lets telemetry create members', async () => {
    const open = await createOrganization(server, 'Open door');
    const patched = await server.app.inject({ method: 'PATCH', url: '/api/v0/organization/enterprise-controls', headers: auth(open.owner.key), payload: { telemetryCreatesMembers: true } });
    expect(patched.statusCode, patched.body).toBe(200);
    const key = await ingestKey(open.owner.key);
    const { day, days } = daysBack(claude);
    await replay(server, claude, key, days);
    await rollUp();
    expect(Object.fromEntries(await tokensOfUsers(open.owner.key, day))).toEqual({ 'dev@example.test': expectedCredits });
    const created = json(await server.app.inject({ url: '/api/v0/organization/users?limit=100', headers: auth(open.owner.key) })).users.find((user: { email: string }) => user.email === 'dev@example.test');
    expect(created).toMatchObject({ role: 'member', active: true });
  });

  it("counts a personal key's records for the key's owner, whatever e-mail they carry", async () => {
    const solo = await createOrganization(server, 'Personal key');
    const { day, days } = daysBack(claude);
    await replay(server, claude, solo.owner.key, days);
    await rollUp();
    expect(Object.fromEntries(await tokensOfUsers(solo.owner.key, day))).toEqual({ [solo.owner.email]: expectedCredits });
  });

  it("keeps records that name no one and no machine under the key, in the agent's own bucket", async () => {
    const anonymous = await createOrganization(server, 'No identity');
    const key = await ingestKey(anonymous.owner.key);
    const droid = runNamed('droid', 'http-legacy'); // Droid not signed in carries no identity, nor a host
    await replay(server, droid, key, daysBack(droid).days);
    const identities = await server.store.db.selectFrom('telemetry_identities').select(['id', 'kind', 'value']).where('organization_id', '=', anonymous.id).execute();
    expect(identities).toEqual([{ id: expect.stringMatching(/^key:droid:key_/), kind: 'key', value: expect.stringMatching(/^key_/) }]);
  });
});

describe('POST /api/v1/telemetry/events with an ingest key', () => {
  const event = (id: string, extra: Record<string, unknown>) => ({
    id,
    type: 'model_call',
    timestamp: Date.now() - 60_000,
    sessionId: 's-1',
    client: 'terminal-ui',
    modelId: 'model-a',
    modelTier: 'standard',
    inputTokens: 10,
    outputTokens: 5,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    ...extra,
  });

  it('needs each event to name its member, and keeps an unknown e-mail unattributed', async () => {
    const fleet = await createOrganization(server, 'Native fleet');
    const member = await addUser(server, fleet.owner.key, 'member');
    const key = await ingestKey(fleet.owner.key);
    const post = (events: unknown[]) => server.app.inject({ method: 'POST', url: '/api/v1/telemetry/events', headers: auth(key), payload: { events } });
    const body = expectError(await post([event('n-1', {})]), 400);
    expect(body.errors?.[0]?.path).toBe('body/events/0/userEmail');
    expectError(await post([event('n-2', { userId: 'usr_unknown' })]), 400);
    const first = await post([event('n-3', { userEmail: member.email }), event('n-4', { userId: member.id }), event('n-5', { userEmail: 'stranger@example.test' })]);
    expect(first.statusCode, first.body).toBe(202);
    expect(json(first)).toEqual({ accepted: 2, duplicates: 0, unattributed: 1 });
    const again = await post([event('n-3', { userEmail: member.email }), event('n-5', { userEmail: 'stranger@example.test' })]);
    expect(json(again)).toEqual({ accepted: 0, duplicates: 2, unattributed: 0 });
  });

  it('counts an id repeated within one batch once, in the answer and in Connected agents', async () => {
    const fleet = await createOrganization(server, 'Repeating fleet');
    const member = await addUser(server, fleet.owner.key, 'member');
    const key = await ingestKey(fleet.owner.key);
    const sent = event('r-1', { userEmail: member.email, agent: 'codex' });
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/telemetry/events', headers: auth(key), payload: { events: [sent, sent, event('r-2', { userEmail: member.email, agent: 'codex' })] } });
    expect(json(response)).toEqual({ accepted: 2, duplicates: 1, unattributed: 0 });
    const { connections } = json(await server.app.inject({ url: '/api/v0/organization/connected-agents', headers: auth(fleet.owner.key) }));
    expect(connections).toEqual([expect.objectContaining({ agent: 'codex', sender: expect.objectContaining({ kind: 'user' }), accepted: 2, duplicates: 1, tokens: 30 })]);
  });
});
