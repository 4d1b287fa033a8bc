import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredSessions } from '../../src/jobs/session-retention.js';
import { MAX_SESSION_RETENTION_DAYS } from '../../src/domain/policies.js';
import { addUser, createOrganization, expectError, json, startTestServer, type Caller, type TestOrganization, type TestServer } from '../helpers/server.js';
import { addMessage, agent, call, createSession, registerComputer, setControls, type RegisteredComputer } from './fixtures.js';

// Sessions and user messages (decisions.md §8): settings and their controls, renaming, owners
// and the owner filter, adding messages with their limits, reading messages, credit limits,
// retention.

let server: TestServer;
let org: TestOrganization;
let member: Caller;
let computer: RegisteredComputer;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server);
  member = org.users.member;
  computer = await registerComputer(server, member.key);
});
afterAll(async () => server?.close());

const ZERO_USAGE = { inputTokens: 0, outputTokens: 0, cacheCreationTokens: 0, cacheReadTokens: 0, thinkingTokens: 0, serviceCredits: 0 };

describe('POST /api/v0/sessions', () => {
  it('creates an idle session with no messages and zero token usage', async () => {
    const response = await call(server, member.key, 'POST', '/api/v0/sessions', { title: 'Fix the build', computerId: computer.id, sessionSettings: { model: 'model-a', runInWorktree: true, tags: [{ name: 'ci', metadata: { team: 'infra' } }] } });
    expect(response.statusCode).toBe(201);
    const session = json(response);
    expect(session).toMatchObject({ status: 'idle', messageCount: 0, title: 'Fix the build', computerId: computer.id });
    expect(session.sessionId).toMatch(/^ses_/);
    expect(session.ownerId).toBe(member.id);
    expect(session.createdAt).toBe(session.updatedAt);
    expect(session).not.toHaveProperty('completedAt');
    expect(session.sessionSettings).toEqual({
      model: 'model-a',
      runInWorktree: true,
      tags: [{ name: 'ci', metadata: { team: 'infra' } }],
      tokenUsage: ZERO_USAGE,
      inclusiveTokenUsage: ZERO_USAGE,
    });
  });

  it('seeds settings from the session defaults; given settings override them; blocked models are 403', async () => {
    const controlled = await createOrganization(server, 'Defaults');
    await setControls(server, controlled, {
      sessionDefaultSettings: { model: 'house-model', specModeModel: 'planner', runInWorktree: true },
      modelPolicy: { blockedModelIds: ['banned-model'] },
    });
    const seeded = await createSession(server, controlled.users.member.key);
    expect(seeded.sessionSettings).toMatchObject({ model: 'house-model', specModeModel: 'planner', runInWorktree: true });
    const overridden = await createSession(server, controlled.users.member.key, { sessionSettings: { model: 'other-model', runInWorktree: false } });
    expect(overridden.sessionSettings).toMatchObject({ model: 'other-model', specModeModel: 'planner', runInWorktree: false });
    expectError(await call(server, controlled.users.member.key, 'POST', '/api/v0/sessions', { sessionSettings: { model: 'banned-model' } }), 403);
    expectError(await call(server, controlled.users.member.key, 'POST', '/api/v0/sessions', { sessionSettings: { specModeModel: 'banned-model' } }), 403);
    expect(json(await call(server, controlled.owner.key, 'GET', '/api/v0/sessions')).sessions).toHaveLength(2);
  });

  it('answers 400 to bad bodies and 404 to a computer the caller may not use', async () => {
    for (const payload of [
      { title: '' },
      { title: ' \t ' },
      { title: 'x'.repeat(501) },
      { sessionSettings: { tokenUsage: ZERO_USAGE } },
      { sessionSettings: { inclusiveTokenUsage: ZERO_USAGE } },
      { sessionSettings: { runInWorktree: 'yes' } },
      { sessionSettings: { unknownSetting: 1 } },
      { status: 'running' },
    ]) {
      expectError(await call(server, member.key, 'POST', '/api/v0/sessions', payload), 400);
    }
    const managersComputer = await registerComputer(server, org.users.manager.key);
    expectError(await call(server, member.key, 'POST', '/api/v0/sessions', { computerId: managersComputer.id }), 404);
    expectError(await call(server, member.key, 'POST', '/api/v0/sessions', { computerId: 'cmp_nope' }), 404);
    // A manager may route its session to a member's computer.
    expect((await call(server, org.users.manager.key, 'POST', '/api/v0/sessions', { computerId: computer.id })).statusCode).toBe(201);
  });
});

describe('reading sessions', () => {
  it('lists a member its own sessions only, newest first, pages them, and hides others (404)', async () => {
    const lister = await addUser(server, org.owner.key, 'member');
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await createSession(server, lister.key, { title: `s${i}` })).sessionId);
    const first = json(await call(server, lister.key, 'GET', '/api/v0/sessions?limit=2'));
    expect(first.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([ids[2], ids[1]]);
    const rest = json(await call(server, lister.key, 'GET', `/api/v0/sessions?limit=2&cursor=${first.pagination.nextCursor}`));
    expect(rest).toMatchObject({ sessions: [{ sessionId: ids[0] }], pagination: { hasMore: false, nextCursor: null } });
    expectError(await call(server, member.key, 'GET', `/api/v0/sessions/${ids[0]}`), 404);
    expect(json(await call(server, org.users.manager.key, 'GET', `/api/v0/sessions/${ids[0]}`)).title).toBe('s0');
    expectError(await call(server, lister.key, 'GET', '/api/v0/sessions/ses_missing'), 404);
  });
});

describe('PATCH /api/v0/sessions/{id}', () => {
  it('replaces the settings given and keeps the others', async () => {
    const session = await createSession(server, member.key, { sessionSettings: { model: 'm1', enabledToolIds: ['a', 'b'] } });
    const response = await call(server, member.key, 'PATCH', `/api/v0/sessions/${session.sessionId}`, {
      sessionSettings: { enabledToolIds: ['c'], archivedAt: '2026-03-01T00:00:00Z', assistantActiveTimeMs: 1200, providerLockTimestamp: 't', disabledToolIds: ['x'] },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response).sessionSettings).toMatchObject({ model: 'm1', enabledToolIds: ['c'], archivedAt: '2026-03-01T00:00:00Z', assistantActiveTimeMs: 1200, disabledToolIds: ['x'] });
    expect(json(response).updatedAt).toBeGreaterThanOrEqual(session.updatedAt);
  });

  it('adds child sessions\' inclusive usage to the inclusive token usage', async () => {
    const session = await createSession(server, member.key);
    const child = { inputTokens: 10, outputTokens: 5, cacheCreationTokens: 1, cacheReadTokens: 2, thinkingTokens: 3, serviceCredits: 16.2 };
    const patched = json(await call(server, member.key, 'PATCH', `/api/v0/sessions/${session.sessionId}`, { sessionSettings: { childInclusiveTokenUsageBySessionId: { ses_child: child } } }));
    expect(patched.sessionSettings.tokenUsage).toEqual(ZERO_USAGE);
    expect(patched.sessionSettings.inclusiveTokenUsage).toEqual(child);
  });

  it('answers 400 to token usage and unknown keys, 403 to a blocked model, and changes nothing then', async () => {
    const controlled = await createOrganization(server, 'Policy');
    await setControls(server, controlled, { modelPolicy: { allowedModelIds: ['ok-model'] } });
    const session = await createSession(server, controlled.users.member.key, { sessionSettings: { model: 'ok-model' } });
    const url = `/api/v0/sessions/${session.sessionId}`;
    for (const payload of [{ sessionSettings: { tokenUsage: ZERO_USAGE } }, { sessionSettings: { inclusiveTokenUsage: ZERO_USAGE } }, { status: 'idle' }, { sessionSettings: { tags: [{ name: 'x' }] } }]) {
      expectError(await call(server, controlled.users.member.key, 'PATCH', url, payload), 400);
    }
    expectError(await call(server, controlled.users.member.key, 'PATCH', url, { sessionSettings: { model: 'other' } }), 403);
    expectError(await call(server, controlled.users.member.key, 'PATCH', url, { sessionSettings: { model: 'ok-model', specModeModel: 'other' } }), 403);
    expect(json(await call(server, controlled.users.member.key, 'GET', url)).sessionSettings.model).toBe('ok-model');
  });
});

describe('renaming a session (PATCH title)', () => {
  it('stores the new title, keeps the settings, and the first message no longer names it', async () => {
    const session = await createSession(server, member.key, { computerId: computer.id, sessionSettings: { model: 'm1' } });
    const url = `/api/v0/sessions/${session.sessionId}`;
    const renamed = json(await call(server, member.key, 'PATCH', url, { title: 'Release checklist' }));
    expect(renamed).toMatchObject({ sessionId: session.sessionId, title: 'Release checklist', ownerId: member.id, sessionSettings: { model: 'm1' } });
    expect(renamed.updatedAt).toBeGreaterThanOrEqual(session.updatedAt);
    expect((await addMessage(server, member.key, session.sessionId, { text: 'please look at the failing tests' })).statusCode).toBe(200);
    expect(json(await call(server, member.key, 'GET', url)).title).toBe('Release checklist');
    // Title and settings together; a manager may rename a member's session.
    const both = json(await call(server, org.users.manager.key, 'PATCH', url, { title: 'Ship it', sessionSettings: { model: 'm2' } }));
    expect(both).toMatchObject({ title: 'Ship it', ownerId: member.id, sessionSettings: { model: 'm2' } });
  });

  it('answers 400 with the error body to an empty, blank, too long or non-string title, and changes nothing', async () => {
    const session = await createSession(server, member.key, { title: 'Kept' });
    const url = `/api/v0/sessions/${session.sessionId}`;
    for (const title of ['', '   ', '\n\t', 'x'.repeat(501), 42, null]) {
      const error = expectError(await call(server, member.key, 'PATCH', url, { title }), 400);
      expect(error.errors?.[0]?.path).toContain('title');
    }
    expect(json(await call(server, member.key, 'PATCH', url, { title: 'x'.repeat(500) })).title).toHaveLength(500);
    expectError(await call(server, member.key, 'PATCH', '/api/v0/sessions/ses_missing', { title: 'Nope' }), 404);
  });

  it("is 404 for another member's session and another organization's, which keep their titles", async () => {
    const other = await addUser(server, org.owner.key, 'member');
    const theirs = await createSession(server, other.key, { title: 'Theirs' });
    expectError(await call(server, member.key, 'PATCH', `/api/v0/sessions/${theirs.sessionId}`, { title: 'Mine now' }), 404);
    const elsewhere = await createOrganization(server, 'Elsewhere');
    const foreign = await createSession(server, elsewhere.owner.key, { title: 'Foreign' });
    expectError(await call(server, org.owner.key, 'PATCH', `/api/v0/sessions/${foreign.sessionId}`, { title: 'Taken' }), 404);
    expect(json(await call(server, other.key, 'GET', `/api/v0/sessions/${theirs.sessionId}`)).title).toBe('Theirs');
    expect(json(await call(server, elsewhere.owner.key, 'GET', `/api/v0/sessions/${foreign.sessionId}`)).title).toBe('Foreign');
  });
});

describe('GET /api/v0/sessions?ownerId=', () => {
  it("lists one person's sessions to owners and managers, pages them, and binds cursors to the filter", async () => {
    const team = await createOrganization(server, 'Owners');
    const { owner, users } = team;
    const alices = [];
    for (let i = 0; i < 3; i += 1) alices.push((await createSession(server, users.member.key, { title: `a${i}` })).sessionId);
    const managers = (await createSession(server, users.manager.key, { title: 'm' })).sessionId;
    const ids = (body: { sessions: { sessionId: string }[] }) => body.sessions.map((session) => session.sessionId);

    const first = json(await call(server, owner.key, 'GET', `/api/v0/sessions?ownerId=${users.member.id}&limit=2`));
    expect(ids(first)).toEqual([alices[2], alices[1]]);
    expect(first.sessions.every((session: { ownerId: string }) => session.ownerId === users.member.id)).toBe(true);
    const rest = json(await call(server, owner.key, 'GET', `/api/v0/sessions?ownerId=${users.member.id}&limit=2&cursor=${first.pagination.nextCursor}`));
    expect(rest).toMatchObject({ sessions: [{ sessionId: alices[0] }], pagination: { hasMore: false, nextCursor: null } });
    expect(ids(json(await call(server, users.manager.key, 'GET', `/api/v0/sessions?ownerId=${users.manager.id}`)))).toEqual([managers]);
    expect(ids(json(await call(server, owner.key, 'GET', '/api/v0/sessions?ownerId=usr_nobody')))).toEqual([]);

    // A cursor of the filtered list is refused by the whole list and by another person's, and the other way round.
    expectError(await call(server, owner.key, 'GET', `/api/v0/sessions?limit=2&cursor=${first.pagination.nextCursor}`), 400);
    expectError(await call(server, owner.key, 'GET', `/api/v0/sessions?ownerId=${users.manager.id}&cursor=${first.pagination.nextCursor}`), 400);
    const whole = json(await call(server, owner.key, 'GET', '/api/v0/sessions?limit=1'));
    expectError(await call(server, owner.key, 'GET', `/api/v0/sessions?ownerId=${users.member.id}&cursor=${whole.pagination.nextCursor}`), 400);
    expectError(await call(server, owner.key, 'GET', '/api/v0/sessions?ownerId='), 400);
  });

  it("gives a member their own sessions for their id and an empty list for anyone else's; another organization's owner sees none", async () => {
    const team = await createOrganization(server, 'Members');
    const { owner, users } = team;
    const own = (await createSession(server, users.member.key)).sessionId;
    await createSession(server, users.manager.key);
    expect(json(await call(server, users.member.key, 'GET', `/api/v0/sessions?ownerId=${users.member.id}`)).sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([own]);
    expect(json(await call(server, users.member.key, 'GET', `/api/v0/sessions?ownerId=${users.manager.id}`))).toEqual({ sessions: [], pagination: { hasMore: false, nextCursor: null } });
    expect(json(await call(server, users.member.key, 'GET', `/api/v0/sessions?ownerId=${owner.id}`)).sessions).toEqual([]);
    const elsewhere = await createOrganization(server, 'Elsewhere owners');
    expect(json(await call(server, elsewhere.owner.key, 'GET', `/api/v0/sessions?ownerId=${users.member.id}`)).sessions).toEqual([]);
  });
});

describe('POST /api/v0/sessions/{id}/messages', () => {
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');

  it('queues a message (pending) with its images and files, and routes it to the session computer', async () => {
    const session = await createSession(server, member.key, { computerId: computer.id });
    const response = await addMessage(server, member.key, session.sessionId, {
      text: 'Please look at this',
      images: [{ data: PNG }, { data: `data:image/png;base64,${PNG}` }],
      files: [{ data: 'aGVsbG8=', parsedData: 'hello', name: 'notes.txt', path: 'docs/notes.txt' }],
    });
    expect(response.statusCode).toBe(200);
    const { messageId, status } = json(response);
    expect(status).toBe('pending');
    const message = json(await call(server, member.key, 'GET', `/api/v0/sessions/${session.sessionId}/messages/${messageId}`));
    expect(message).toMatchObject({ id: messageId, role: 'user', userMessageSource: 'sessions_api' });
    // Images read back as image blocks (the bytes name their type), files as document blocks.
    const image = { id: expect.any(String), type: 'image', text: '', source: { type: 'base64', data: PNG, mediaType: 'image/png' } };
    expect(message.content).toEqual([
      { id: expect.any(String), type: 'text', text: 'Please look at this' },
      image,
      image,
      { id: expect.any(String), type: 'document', text: 'hello', name: 'notes.txt', path: 'docs/notes.txt', source: { type: 'text', mediaType: 'text/plain', data: 'aGVsbG8=', name: 'notes.txt' } },
    ]);
    const after = json(await call(server, member.key, 'GET', `/api/v0/sessions/${session.sessionId}`));
    expect(after).toMatchObject({ status: 'pending', messageCount: 1 });
  });

  it('takes computerId for a session without one, and it becomes the session computer', async () => {
    const session = await createSession(server, member.key);
    expectError(await addMessage(server, member.key, session.sessionId, { text: 'hi' }), 409);
    const managersComputer = await registerComputer(server, org.users.manager.key);
    expectError(await addMessage(server, member.key, session.sessionId, { text: 'hi', computerId: managersComputer.id }), 404);
    expect(json(await addMessage(server, member.key, session.sessionId, { text: 'hi', computerId: computer.id })).status).toBe('pending');
    expect(json(await call(server, member.key, 'GET', `/api/v0/sessions/${session.sessionId}`)).computerId).toBe(computer.id);
  });

  it('answers 400 to bad bodies and bad base64, 413 over the size limits, and stores nothing', async () => {
    const session = await createSession(server, member.key, { computerId: computer.id });
    for (const payload of [
      {},
      { text: '' },
      { text: 5 },
      { text: 'x', images: [{ data: 'not base64!' }] },
      { text: 'x', images: [{ data: 'abc' }] },
      { text: 'x', images: [{ data: PNG, mime: 'image/png' }] },
      { text: 'x', files: [{ data: 'a', parsedData: 'a', name: '' }] },
      { text: 'x', files: [{ type: 'base64', data: 'aGVsbG8=', name: 'a.txt' }] },
      { text: 'x', role: 'assistant' },
    ]) {
      expectError(await addMessage(server, member.key, session.sessionId, payload), 400);
    }
    expectError(await addMessage(server, member.key, session.sessionId, { text: 'x'.repeat(200_001) }), 413);
    expectError(await addMessage(server, member.key, session.sessionId, { text: 'x', images: [{ data: Buffer.alloc(5 * 1024 * 1024 + 3).toString('base64') }] }), 413);
    expectError(await addMessage(server, member.key, session.sessionId, { text: 'x', files: [{ data: 'a', parsedData: 'p'.repeat(1_000_001), name: 'a', path: 'a' }] }), 413);
    expect(json(await call(server, member.key, 'GET', `/api/v0/sessions/${session.sessionId}`))).toMatchObject({ status: 'idle', messageCount: 0 });
  });

  it('answers 402 once the session owner has used its monthly credits, and 404 for others\' sessions', async () => {
    const spender = await addUser(server, org.owner.key, 'member');
    const box = await registerComputer(server, spender.key);
    const session = await createSession(server, spender.key, { computerId: box.id });
    await server.store.db.insertInto('user_credit_limits').values({ organization_id: org.id, user_id: spender.id, credit_limit: 100 } as never).execute();
    expect((await addMessage(server, spender.key, session.sessionId, { text: 'one' })).statusCode).toBe(200);
    // The agent's model call counts the owner's credits.
    const claimed = json(await agent(server, box.token).claim());
    expect((await agent(server, box.token).post(claimed.sessionId, { role: 'assistant', content: [{ text: 'done' }], usage: { modelId: 'm', modelTier: 'standard', inputTokens: 60, outputTokens: 40, cacheReadTokens: 0, cacheWriteTokens: 0 } })).statusCode).toBe(201);
    expectError(await addMessage(server, spender.key, session.sessionId, { text: 'two' }), 402);
    // A manager adding to the member's session is refused on the owner's limit as well.
    expectError(await addMessage(server, org.users.manager.key, session.sessionId, { text: 'two' }), 402);
    expectError(await addMessage(server, member.key, session.sessionId, { text: 'x' }), 404);
  });
});

describe('GET /api/v0/sessions/{id}/messages', () => {
  it('lists messages newest first with pagination; one message by id; 404 for unknown ids and computers', async () => {
    const session = await createSession(server, member.key, { computerId: computer.id });
    const ids = [];
    for (const text of ['first', 'second', 'third']) ids.push(json(await addMessage(server, member.key, session.sessionId, { text })).messageId);
    const page = json(await call(server, member.key, 'GET', `/api/v0/sessions/${session.sessionId}/messages?limit=2`));
    expect(page.messages.map((m: { content: { text: string }[] }) => m.content[0]!.text)).toEqual(['third', 'second']);
    const rest = json(await call(server, member.key, 'GET', `/api/v0/sessions/${session.sessionId}/messages?cursor=${page.pagination.nextCursor}`));
    expect(rest.messages.map((m: { id: string }) => m.id)).toEqual([ids[0]]);
    // A cursor of one session's messages is refused for another session.
    const other = await createSession(server, member.key);
    expectError(await call(server, member.key, 'GET', `/api/v0/sessions/${other.sessionId}/messages?cursor=${page.pagination.nextCursor}`), 400);
    const one = json(await call(server, member.key, 'GET', `/api/v0/sessions/${session.sessionId}/messages/${ids[1]}?computerId=${computer.id}`));
    expect(one).toMatchObject({ id: ids[1], role: 'user', content: [{ text: 'second' }] });
    expect(typeof one.createdAt).toBe('number');
    expect(typeof one.updatedAt).toBe('number');
    expectError(await call(server, member.key, 'GET', `/api/v0/sessions/${session.sessionId}/messages/msg_unknown`), 404);
    expectError(await call(server, member.key, 'GET', `/api/v0/sessions/${other.sessionId}/messages/${ids[1]}`), 404);
    expectError(await call(server, member.key, 'GET', `/api/v0/sessions/${session.sessionId}/messages/${ids[1]}?computerId=cmp_unknown`), 404);
  });
});

describe('session retention', () => {
  it('deletes idle sessions older than sessionRetentionDays with their messages, and nothing else', async () => {
    const kept = await createOrganization(server, 'No retention');
    const retained = await createOrganization(server, 'Retention');
    await setControls(server, retained, { sessionRetentionDays: 30 });
    const box = await registerComputer(server, retained.owner.key);
    const old = await createSession(server, retained.owner.key, { computerId: box.id });
    await addMessage(server, retained.owner.key, old.sessionId, { text: 'old' });
    await agent(server, box.token).claim();
    await agent(server, box.token).finish(old.sessionId);
    const busy = await createSession(server, retained.owner.key, { computerId: box.id });
    await addMessage(server, retained.owner.key, busy.sessionId, { text: 'waiting' });
    const fresh = await createSession(server, retained.owner.key);
    const unregulated = await createSession(server, kept.owner.key);
    const longAgo = new Date(Date.now() - 31 * 86_400_000);
    await server.store.db.updateTable('sessions').set({ updated_at: longAgo }).where('id', 'in', [old.sessionId, busy.sessionId, unregulated.sessionId]).execute();

    expect(await deleteExpiredSessions(server.store.db, server.app.log)).toBe(1);
    expectError(await call(server, retained.owner.key, 'GET', `/api/v0/sessions/${old.sessionId}`), 404);
    expect((await server.store.db.selectFrom('messages').select('id').where('session_id', '=', old.sessionId).execute()).length).toBe(0);
    for (const [key, id] of [[retained.owner.key, busy.sessionId], [retained.owner.key, fresh.sessionId], [kept.owner.key, unregulated.sessionId]] as const) {
      expect((await call(server, key, 'GET', `/api/v0/sessions/${id}`)).statusCode).toBe(200);
    }
  });

  it('bounds sessionRetentionDays, and one organization cannot stop the pass for the others', async () => {
    const huge = await createOrganization(server, 'Huge retention');
    expectError(await call(server, huge.owner.key, 'PATCH', '/api/v0/organization/enterprise-controls', { sessionRetentionDays: 100_000_000 }), 400);
    expectError(await call(server, huge.owner.key, 'PATCH', '/api/v0/organization/enterprise-controls', { sessionRetentionDays: MAX_SESSION_RETENTION_DAYS + 1 }), 400);
    expect((await call(server, huge.owner.key, 'PATCH', '/api/v0/organization/enterprise-controls', { sessionRetentionDays: MAX_SESSION_RETENTION_DAYS })).statusCode).toBe(200);
    // A value stored before the bound existed: it used to make the whole pass fail.
    await server.store.db.insertInto('enterprise_control_revisions').values({ organization_id: huge.id, revision: 2, settings: JSON.stringify({ sessionRetentionDays: 100_000_000 }), user_id: huge.owner.id }).execute();
    await createSession(server, huge.owner.key);
    const other = await createOrganization(server, 'Ordinary retention');
    await setControls(server, other, { sessionRetentionDays: 30 });
    const old = await createSession(server, other.owner.key);
    await server.store.db.updateTable('sessions').set({ updated_at: new Date(Date.now() - 31 * 86_400_000) }).where('id', '=', old.sessionId).execute();
    expect(await deleteExpiredSessions(server.store.db, server.app.log)).toBe(1);
    expectError(await call(server, other.owner.key, 'GET', `/api/v0/sessions/${old.sessionId}`), 404);
  });
});
