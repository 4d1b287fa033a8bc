import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tallyConnections, type ConnectionTally } from '../../src/telemetry/connections.js';
import { auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { daysAgo, today } from '../analytics/helpers.js';
import { insertConnection, insertIdentity, insertWaitingEvents, uniqueId } from './fleet.js';

// The live view of connected agents and the identities waiting for a member, read through the
// API from the rows the receiver writes.

let server: TestServer;
let org: TestOrganization;
let other: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server, 'Fleet Org');
  other = await createOrganization(server, 'Other Fleet Org');
});
afterAll(async () => server.close());

const get = (url: string, key = org.owner.key) => server.app.inject({ method: 'GET', url, headers: auth(key) });

describe('GET /api/v0/organization/connected-agents', () => {
  let identityId: string;
  let keyId: string;
  const now = Date.now();
  /** A tally of one export for a member, sent with the owner's key: nothing counted but `counts`. */
  const tallyFor = (agent: string, userId: string, counts: Partial<ConnectionTally>): ConnectionTally => ({
    agent, sender: `user:${userId}`, userId, apiKeyId: keyId, accepted: 0, duplicates: 0, unattributed: 0, refused: 0, tokens: 0, toolCalls: 0, ...counts,
  });
  beforeAll(async () => {
    const db = server.store.db;
    identityId = await insertIdentity(db, org.id, { value: 'stranger@laptops.example', agent: 'codex' });
    keyId = (await server.store.db.selectFrom('api_keys').select('id').where('user_id', '=', org.owner.id).executeTakeFirstOrThrow()).id;
    await insertConnection(db, org.id, { day: today(), agent: 'claude-code', sender: `user:${org.users.member.id}`, userId: org.users.member.id, lastSeenAt: new Date(now - 60_000), accepted: 40, duplicates: 3, tokens: 12_345, toolCalls: 7 });
    await insertConnection(db, org.id, {
      day: today(), agent: 'codex', sender: `identity:${identityId}`, identityId, lastSeenAt: new Date(now - 5_000), unattributed: 9, refused: 2,
      lastProblem: 'unknown identity', lastProblemAt: new Date(now - 6_000),
    });
    // The same agent and sender written by another database session: summed with the row above,
    // whose problem is the later one.
    await insertConnection(db, org.id, {
      day: today(), agent: 'codex', sender: `identity:${identityId}`, identityId, writer: 7, lastSeenAt: new Date(now - 30_000), unattributed: 1, refused: 1,
      lastProblem: 'an older problem', lastProblemAt: new Date(now - 30_000),
    });
    await insertConnection(db, org.id, { day: today(), agent: 'gemini-cli', sender: `key:${keyId}`, apiKeyId: keyId, lastSeenAt: new Date(now - 120_000), refused: 4, lastProblem: 'undecodable', lastProblemAt: new Date(now - 120_000) });
    await insertConnection(db, org.id, { day: daysAgo(1), agent: 'claude-code', sender: `user:${org.owner.id}`, userId: org.owner.id, lastSeenAt: new Date(now - 86_400_000), accepted: 5 });
    await insertConnection(db, other.id, { day: today(), agent: 'claude-code', sender: `user:${other.owner.id}`, userId: other.owner.id, lastSeenAt: new Date(now), accepted: 1 });
  });

  it("lists today's connections, the most recently heard first, with who sent them", async () => {
    const response = await get('/api/v0/organization/connected-agents');
    expect(response.statusCode).toBe(200);
    const { connections } = response.json();
    expect(connections.map((row: { agent: string }) => row.agent)).toEqual(['codex', 'claude-code', 'gemini-cli']);
    expect(connections[0]).toEqual({
      agent: 'codex',
      sender: { kind: 'identity', identity: { id: identityId, kind: 'email', value: 'stranger@laptops.example', userId: null } },
      lastSeenAt: now - 5_000, accepted: 0, duplicates: 0, unattributed: 10, refused: 3, tokens: 0, toolCalls: 0, version: null,
      lastProblem: { reason: 'unknown identity', at: now - 6_000 },
    });
    expect(connections[1]).toMatchObject({
      sender: { kind: 'user', user: { id: org.users.member.id, email: org.users.member.email, name: null } },
      accepted: 40, duplicates: 3, tokens: 12_345, toolCalls: 7, lastProblem: null,
    });
    expect(connections[2].sender.kind).toBe('key');
    expect(connections[2].lastProblem.reason).toBe('undecodable');
  });

  // Many agents under one sender export at once: each database session adds to its own row, so
  // none waits for another's commit. Two connections: PostgreSQL only.
  it.skipIf(!process.env.TEST_DATABASE_URL)('takes tallies from concurrent exports of one sender without one waiting for the other', async () => {
    const { db } = server.store;
    const withKey = (accepted: number) => tallyFor('opencode', org.owner.id, { accepted, tokens: accepted });
    await db.transaction().execute(async (trx) => {
      await tallyConnections(trx, org.id, new Date(), [withKey(2)]);
      await db.connection().execute(async (other) => {
        await sql`SET lock_timeout = '1s'`.execute(other);
        try {
          await tallyConnections(other, org.id, new Date(), [withKey(3)]);
        } finally {
          await sql`RESET lock_timeout`.execute(other);
        }
      });
    });
    const { connections } = (await get('/api/v0/organization/connected-agents')).json();
    expect(connections.find((row: { agent: string }) => row.agent === 'opencode')).toMatchObject({ accepted: 5, tokens: 5 });
  });

  it("adds one export's tallies of several agents and senders together, each to its own row", async () => {
    const { member, manager } = org.users;
    const at = new Date();
    // Given out of order, and written twice: the second export adds to the first one's rows.
    const exported = [tallyFor('qwen-code', manager.id, { accepted: 2, tokens: 30 }), tallyFor('droid', member.id, { refused: 1, problem: 'a name too long' }), tallyFor('droid', manager.id, { accepted: 1, duplicates: 4, toolCalls: 1 })];
    await tallyConnections(server.store.db, org.id, at, exported);
    await tallyConnections(server.store.db, org.id, at, exported);
    const { connections } = (await get('/api/v0/organization/connected-agents')).json();
    const rowOf = (agent: string, userId: string) => connections.find((row: { agent: string; sender: { user?: { id: string } } }) => row.agent === agent && row.sender.user?.id === userId);
    expect(rowOf('qwen-code', manager.id)).toMatchObject({ accepted: 4, tokens: 60, refused: 0, lastProblem: null });
    expect(rowOf('droid', member.id)).toMatchObject({ accepted: 0, refused: 2, lastProblem: { reason: 'a name too long', at: at.getTime() } });
    expect(rowOf('droid', manager.id)).toMatchObject({ accepted: 2, duplicates: 8, toolCalls: 2, lastProblem: null });
  });

  it('answers any other day, and an empty list for a day without data', async () => {
    const { connections } = (await get(`/api/v0/organization/connected-agents?day=${daysAgo(1)}`)).json();
    expect(connections).toHaveLength(1);
    expect(connections[0]).toMatchObject({ agent: 'claude-code', accepted: 5, sender: { kind: 'user', user: { id: org.owner.id } } });
    expect((await get('/api/v0/organization/connected-agents?day=2020-01-01')).json()).toEqual({ connections: [], versions: [] });
  });

  it('is live: a row the receiver updates shows at once', async () => {
    await server.store.db.updateTable('users').set({ name: 'Renamed Member' }).where('id', '=', org.users.member.id).execute();
    const { connections } = (await get('/api/v0/organization/connected-agents')).json();
    expect(connections.find((row: { agent: string }) => row.agent === 'claude-code').sender.user.name).toBe('Renamed Member');
  });

  it('answers 400 to a day that is not a calendar day', async () => {
    for (const day of ['2026-02-30', 'today', '2026-1-5', '']) {
      const body = expectError(await get(`/api/v0/organization/connected-agents?day=${day}`), 400);
      expect(body.errors?.[0]?.path).toBe('querystring/day');
    }
  });

  it("never shows another organization's connections", async () => {
    const { connections } = (await get('/api/v0/organization/connected-agents', other.owner.key)).json();
    expect(connections).toHaveLength(1);
    expect(connections[0].sender.user.id).toBe(other.owner.id);
  });
});

describe('GET /api/v0/organization/telemetry-identities', () => {
  const ids: string[] = [];
  let linkedId: string;
  beforeAll(async () => {
    const db = server.store.db;
    // Ids in byte order: the list's order.
    for (const value of ['a@unknown.example', 'b@unknown.example', 'c@unknown.example']) ids.push(await insertIdentity(db, other.id, { id: `tid_list_${value[0]}`, value }));
    linkedId = await insertIdentity(db, other.id, { id: 'tid_list_d', kind: 'installation', value: 'install-42', userId: other.users.member.id });
    await insertWaitingEvents(db, other.id, ids[1]!, [
      { id: uniqueId('ev'), type: 'session_start', timestamp: `${daysAgo(2)}T09:00:00.000Z`, sessionId: 's' },
      { id: uniqueId('ev'), type: 'session_start', timestamp: `${daysAgo(2)}T09:01:00.000Z`, sessionId: 's' },
    ]);
  });
  const list = (query = '') => get(`/api/v0/organization/telemetry-identities${query}`, other.owner.key);

  it('lists the unattributed identities by default, with their waiting events', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.identities.map((identity: { id: string }) => identity.id)).toEqual(ids);
    expect(body.identities[1]).toMatchObject({ kind: 'email', value: 'b@unknown.example', agent: 'claude-code', userId: null, pendingEvents: 2 });
    expect(typeof body.identities[1].firstSeenAt).toBe('number');
    expect(body.pagination).toEqual({ hasMore: false, nextCursor: null });
  });

  it('filters by status', async () => {
    expect((await list('?status=linked')).json().identities).toEqual([expect.objectContaining({ id: linkedId, kind: 'installation', userId: other.users.member.id, pendingEvents: 0 })]);
    expect((await list('?status=all')).json().identities.map((identity: { id: string }) => identity.id)).toEqual([...ids, linkedId]);
  });

  it('pages with limit and cursor; a cursor of another status is 400', async () => {
    const first = (await list('?limit=2')).json();
    expect(first.identities.map((identity: { id: string }) => identity.id)).toEqual(ids.slice(0, 2));
    expect(first.pagination.hasMore).toBe(true);
    const second = (await list(`?limit=2&cursor=${first.pagination.nextCursor}`)).json();
    expect(second.identities.map((identity: { id: string }) => identity.id)).toEqual(ids.slice(2));
    expect(second.pagination).toEqual({ hasMore: false, nextCursor: null });
    expectError(await list(`?status=all&cursor=${first.pagination.nextCursor}`), 400);
    expectError(await get(`/api/v0/organization/telemetry-identities?cursor=${first.pagination.nextCursor}`), 400);
  });

  it('answers 400 to a bad status, limit or cursor', async () => {
    for (const query of ['?status=Unattributed', '?status=none', '?limit=0', '?limit=101', '?cursor=garbage']) expectError(await list(query), 400);
  });

  it("shows no other organization's identities", async () => {
    const { identities } = (await get('/api/v0/organization/telemetry-identities?status=all')).json();
    expect(identities.map((identity: { id: string }) => identity.id)).not.toContain(ids[0]);
  });
});
