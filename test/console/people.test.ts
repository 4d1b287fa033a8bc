import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInvitation, addUser, auth, consoleHeaders, createOrganization, expectError, json, startTestServer, TEST_PASSWORD, type TestOrganization, type TestServer } from '../helpers/server.js';
import { daysAgo, postEvents, runRollups } from '../analytics/helpers.js';

// People by name and by what they do (docs/members.md "Names", "Status"): a person names
// themselves; the members list says when each one last signed in to the console and last had agent
// activity, so a member whose agents spend every day without them signing in is told apart from one
// who was invited and did nothing.

let server: TestServer;
let org: TestOrganization;
let other: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server, 'People Org');
  other = await createOrganization(server, 'Other People Org');
});
afterAll(async () => server?.close());

const renameSelf = (key: string, payload: unknown) => server.app.inject({ method: 'PATCH', url: '/api/v0/organization/users/me', headers: auth(key), payload: payload as object });
const listed = async (key = org.owner.key) => json(await server.app.inject({ method: 'GET', url: '/api/v0/organization/users?limit=100', headers: auth(key) })).users as Record<string, any>[];
const listedUser = async (userId: string) => (await listed()).find((user) => user.id === userId)!;
const auditOf = (action: string, targetId: string) =>
  server.store.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('target_id', '=', targetId).orderBy('id').execute();

describe('a display name', () => {
  it('is set by the person themselves, whatever their role, audited, and cleared with null', async () => {
    const guest = await addUser(server, org.owner.key, 'guest');
    const answer = await renameSelf(guest.key, { name: '  Ada Lovelace ' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(json(answer).user).toMatchObject({ id: guest.id, email: guest.email, name: 'Ada Lovelace' });
    expect((await listedUser(guest.id)).name).toBe('Ada Lovelace');
    const [entry] = await auditOf('member.updated', guest.id);
    expect(entry).toMatchObject({ actor_user_id: guest.id, details: { name: { from: null, to: 'Ada Lovelace' } } });

    // The same name again writes no entry; null clears it.
    await renameSelf(guest.key, { name: 'Ada Lovelace' });
    expect(await auditOf('member.updated', guest.id)).toHaveLength(1);
    expect(json(await renameSelf(guest.key, { name: null })).user.name).toBeNull();
  });

  it('is shown to the person signed in to the console', async () => {
    const member = await addUser(server, org.owner.key, 'member');
    const browser = await acceptInvitation(server, member);
    const rename = await server.app.inject({ method: 'PATCH', url: '/api/v0/organization/users/me', headers: consoleHeaders(server, browser), payload: { name: 'Grace Hopper' } });
    expect(rename.statusCode, rename.body).toBe(200);
    const session = await server.app.inject({ method: 'GET', url: '/api/v0/auth/session', headers: consoleHeaders(server, browser, { csrf: false }) });
    expect(json(session).user.name).toBe('Grace Hopper');
  });

  it('refuses an empty, blank or too long name and other fields with the one error body, changing nothing', async () => {
    const member = await addUser(server, org.owner.key, 'member');
    await renameSelf(member.key, { name: 'Kept Name' });
    for (const payload of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(201) }, { name: 'Mallory', role: 'owner' }, {}, { name: 42 }]) {
      const error = expectError(await renameSelf(member.key, payload), 400);
      expect(error.errors?.length, JSON.stringify(payload)).toBeGreaterThan(0);
    }
    expect(await listedUser(member.id)).toMatchObject({ name: 'Kept Name', role: 'member' });
    expectError(await server.app.inject({ method: 'PATCH', url: '/api/v0/organization/users/me', payload: { name: 'Nobody' } }), 401);
  });

  it("names only the caller: another organization's person renaming themselves changes no one here", async () => {
    const before = await listed();
    expect((await renameSelf(other.owner.key, { name: 'Other Owner' })).statusCode).toBe(200);
    expect(await listed()).toEqual(before);
  });
});

describe('sign-in and agent activity on the members list', () => {
  it('says when each member last signed in: none while invited, then the latest sign-in', async () => {
    const member = await addUser(server, org.owner.key, 'member');
    expect(await listedUser(member.id)).toMatchObject({ status: 'invited', lastSignInAt: null, joinedAt: null });
    const before = Date.now();
    await acceptInvitation(server, member);
    const first = await listedUser(member.id);
    expect(first.status).toBe('active');
    expect(first.lastSignInAt).toBeGreaterThanOrEqual(before);
    expect(first.lastSignInAt).toBeGreaterThanOrEqual(first.joinedAt);

    const again = await server.app.inject({ method: 'POST', url: '/api/v0/auth/sign-in', headers: { origin: server.config.publicAppUrl }, payload: { email: member.email, password: TEST_PASSWORD } });
    expect(again.statusCode).toBe(200);
    const second = await listedUser(member.id);
    expect(second.lastSignInAt).toBeGreaterThan(first.lastSignInAt);
    expect(second.joinedAt).toBe(first.joinedAt);
  });

  it("gives the last day of a member's agent activity, also for one who never signed in", async () => {
    const agentsOnly = await addUser(server, org.owner.key, 'member');
    const idle = await addUser(server, org.owner.key, 'member');
    const day = (n: number) => daysAgo(n);
    const events = [5, 2].flatMap((n) => [
      { id: `people-${agentsOnly.id}-${n}-s`, type: 'session_start', client: 'terminal-ui', sessionId: `people-${agentsOnly.id}-${n}`, timestamp: `${day(n)}T09:00:00.000Z`, userId: agentsOnly.id },
      { id: `people-${agentsOnly.id}-${n}-m`, type: 'model_call', client: 'terminal-ui', sessionId: `people-${agentsOnly.id}-${n}`, timestamp: `${day(n)}T09:01:00.000Z`, userId: agentsOnly.id, modelId: 'claude-sonnet-4', modelTier: 'standard', inputTokens: 100, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0 },
    ]);
    const sent = await postEvents(server, org.owner.key, events);
    expect(sent.statusCode, sent.body).toBe(202);
    await runRollups(server);
    expect(await listedUser(agentsOnly.id)).toMatchObject({ status: 'invited', lastSignInAt: null, lastActivityDay: day(2) });
    expect(await listedUser(idle.id)).toMatchObject({ status: 'invited', lastSignInAt: null, lastActivityDay: null });
    // Another organization's list says nothing of these members.
    expect((await listed(other.owner.key)).map((user) => user.id)).not.toContain(agentsOnly.id);
  });
});
