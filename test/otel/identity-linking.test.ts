import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { daysAgo, runRollups } from '../analytics/helpers.js';
import { insertIdentity, insertWaitingEvents, uniqueId } from './fleet.js';

// Linking an identity to a member: its waiting events count for the member in analytics after the
// rollup, exactly once however often the link is sent or retried; what may not be linked.

let server: TestServer;
let org: TestOrganization;
let other: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server, 'Linking Org');
  other = await createOrganization(server, 'Other Linking Org');
});
afterAll(async () => server.close());

const DAY = daysAgo(3);
const link = (identityId: string, body: unknown, key = org.owner.key) =>
  server.app.inject({ method: 'POST', url: `/api/v0/organization/telemetry-identities/${identityId}/link`, headers: auth(key), payload: body as object });
const analytics = async (path: string) => {
  const response = await server.app.inject({ method: 'GET', url: `/api/v1/analytics/${path}startDate=${DAY}&endDate=${DAY}`, headers: auth(org.owner.key) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Record<string, any>[];
};
const tokensOf = async (userId: string) => (await analytics('tokens?')).flatMap((row) => row.by_user).find((user) => user.user_id === userId);
const userRowOf = async (userId: string) => (await analytics('users?limit=100&')).find((row) => row.user_id === userId);
const waitingCount = async (identityId: string) =>
  Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM telemetry_unattributed_events WHERE identity_id = ${identityId}`.execute(server.store.db)).rows[0]!.n);

/** A morning of an agent's work, as the receiver translated it. */
function work(prefix: string) {
  const base = { sessionId: `${prefix}-session`, agent: 'claude-code' };
  return [
    { ...base, id: `${prefix}-1`, type: 'session_start', timestamp: `${DAY}T09:00:00.000Z` },
    { ...base, id: `${prefix}-2`, type: 'model_call', timestamp: `${DAY}T09:01:00.000Z`, modelId: 'claude-sonnet-4', modelTier: 'standard', inputTokens: 1000, outputTokens: 200, cacheReadTokens: 0, cacheWriteTokens: 0 },
    { ...base, id: `${prefix}-3`, type: 'tool_call', timestamp: `${DAY}T09:02:00.000Z`, tool: 'Bash' },
    { ...base, id: `${prefix}-4`, type: 'tool_call', timestamp: `${DAY}T09:03:00.000Z`, tool: 'Edit' },
  ];
}

describe('POST /api/v0/organization/telemetry-identities/{id}/link', () => {
  it("moves the identity's waiting events to the member: they count after the rollup, once", async () => {
    const member = org.users.member;
    const identityId = await insertIdentity(server.store.db, org.id, { value: 'laptop-person@example.test' });
    await insertWaitingEvents(server.store.db, org.id, identityId, work('first'));
    await runRollups(server);
    expect(await tokensOf(member.id)).toBeUndefined();
    expect(await userRowOf(member.id)).toBeUndefined();

    const response = await link(identityId, { userId: member.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: identityId, kind: 'email', value: 'laptop-person@example.test', userId: member.id, pendingEvents: 0 });
    expect(await waitingCount(identityId)).toBe(0);

    await runRollups(server);
    expect(await tokensOf(member.id)).toMatchObject({ user_email: member.email, billable_tokens: 1200 });
    expect(await userRowOf(member.id)).toMatchObject({ tool_calls: 2, billable_tokens: 1200, primary_model: 'claude-sonnet-4', sessions: 1 });

    // Sent again: nothing waits, nothing changes.
    expect((await link(identityId, { userId: member.id })).statusCode).toBe(200);
    // A crash after storing and before deleting leaves the events waiting: linking again stores
    // them under the same ids, so they do not count twice, and clears them.
    await insertWaitingEvents(server.store.db, org.id, identityId, work('first'));
    const retried = await link(identityId, { userId: member.id });
    expect(retried.json().pendingEvents).toBe(0);
    expect(await waitingCount(identityId)).toBe(0);
    await runRollups(server);
    expect(await tokensOf(member.id)).toMatchObject({ billable_tokens: 1200 });
    expect(await userRowOf(member.id)).toMatchObject({ tool_calls: 2 });

    const linked = (await server.app.inject({ method: 'GET', url: '/api/v0/organization/telemetry-identities?status=linked', headers: auth(org.owner.key) })).json();
    expect(linked.identities.map((identity: { id: string }) => identity.id)).toContain(identityId);
    const unattributed = (await server.app.inject({ method: 'GET', url: '/api/v0/organization/telemetry-identities', headers: auth(org.owner.key) })).json();
    expect(unattributed.identities.map((identity: { id: string }) => identity.id)).not.toContain(identityId);
  });

  it("adds to what the member already reported", async () => {
    const manager = org.users.manager;
    const identityId = await insertIdentity(server.store.db, org.id, { kind: 'account', value: 'acct-778' });
    await insertWaitingEvents(server.store.db, org.id, identityId, work('second'));
    const own = work('own').map(({ agent: _agent, ...event }) => ({ ...event, client: 'terminal-ui', ...(event.type === 'tool_call' ? { autonomyLevel: 'manual' } : {}) }));
    expect((await server.app.inject({ method: 'POST', url: '/api/v1/telemetry/events', headers: auth(manager.key), payload: { events: own } })).statusCode).toBe(202);
    await runRollups(server);
    expect(await tokensOf(manager.id)).toMatchObject({ billable_tokens: 1200 });
    expect((await link(identityId, { userId: manager.id }, org.users.manager.key)).statusCode).toBe(200);
    await runRollups(server);
    expect(await tokensOf(manager.id)).toMatchObject({ billable_tokens: 2400 });
    expect(await userRowOf(manager.id)).toMatchObject({ tool_calls: 4, sessions: 2 });
  });

  it('refuses an identity already linked to another member (409), keeping its data where it is', async () => {
    const identityId = await insertIdentity(server.store.db, org.id, { value: 'shared@example.test', userId: org.users.member.id });
    const body = expectError(await link(identityId, { userId: org.users.manager.id }), 409);
    expect(body.detail).toContain('another member');
    expect((await link(identityId, { userId: org.users.member.id })).statusCode).toBe(200);
  });

  it('answers 400 to a user who is not an active member, or a bad body', async () => {
    const identityId = await insertIdentity(server.store.db, org.id, { value: 'nobody@example.test' });
    await insertWaitingEvents(server.store.db, org.id, identityId, work('third'));
    const created = await server.app.inject({ method: 'POST', url: '/api/v0/organization/users', headers: auth(org.owner.key), payload: { email: 'leaver@example.test', role: 'member' } });
    const leaver = created.json().user.id as string;
    expect((await server.app.inject({ method: 'DELETE', url: `/api/v0/organization/users/${leaver}`, headers: auth(org.owner.key) })).statusCode).toBe(204);
    for (const userId of [leaver, 'usr_unknown', other.users.member.id]) {
      const body = expectError(await link(identityId, { userId }), 400);
      expect(body.errors?.[0]?.path).toBe('body/userId');
    }
    for (const payload of [{}, { userId: '' }, { userId: org.users.member.id, extra: 1 }, { userId: 42 }]) expectError(await link(identityId, payload), 400);
    // Nothing moved.
    expect(await waitingCount(identityId)).toBe(4);
    const identity = (await server.app.inject({ method: 'GET', url: '/api/v0/organization/telemetry-identities', headers: auth(org.owner.key) })).json().identities.find((row: { id: string }) => row.id === identityId);
    expect(identity).toMatchObject({ userId: null, pendingEvents: 4 });
  });

  it("answers 404 to an unknown identity and to another organization's", async () => {
    expectError(await link('tid_unknown', { userId: org.users.member.id }), 404);
    const foreign = await insertIdentity(server.store.db, other.id, { value: 'theirs@example.test' });
    await insertWaitingEvents(server.store.db, other.id, foreign, work(uniqueId('foreign')));
    expectError(await link(foreign, { userId: org.users.member.id }), 404);
    expect(await waitingCount(foreign)).toBe(4);
  });
});
