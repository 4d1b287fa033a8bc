import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, addUser, createOrganization, expectError, json, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { addMessage, agent, call, createSession, registerComputer } from './fixtures.js';

// The computer agent's side (decisions.md §7): the whole loop from registration to the reply,
// the session status machine as the agent drives it, atomic claims and long polls.

let server: TestServer;
let org: TestOrganization;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', MODEL_CATALOGUE: '' });
  org = await createOrganization(server);
});
afterAll(async () => server?.close());

describe('the full loop', () => {
  it('registers, provisions, queues, claims, replies with usage, finishes, and reads the reply', async () => {
    const user = org.users.member;
    const computer = await registerComputer(server, user.key);
    const box = agent(server, computer.token);
    for (const step of ['connect', 'install-deps']) {
      expect((await box.step(step, { status: 'running' })).statusCode).toBe(200);
      expect((await box.step(step, { status: 'completed' })).statusCode).toBe(200);
    }
    expect(json(await call(server, user.key, 'GET', `/api/v0/computers/${computer.id}`)).status).toBe('active');

    const session = await createSession(server, user.key, { title: 'loop', computerId: computer.id });
    const added = json(await addMessage(server, user.key, session.sessionId, { text: 'Add a test' }));
    expect(added.status).toBe('pending');

    const claim = await box.claim();
    expect(claim.statusCode).toBe(200);
    const claimed = json(claim);
    expect(claimed.sessionId).toBe(session.sessionId);
    expect(claimed.message).toMatchObject({ id: added.messageId, role: 'user', content: [{ type: 'text', text: 'Add a test' }] });
    expect(json(await call(server, user.key, 'GET', `/api/v0/sessions/${session.sessionId}`)).status).toBe('running');

    const usage = { modelId: 'model-x', modelTier: 'thinking', inputTokens: 1000, outputTokens: 200, cacheReadTokens: 500, cacheWriteTokens: 100, thinkingTokens: 50 };
    const reply = await box.post(session.sessionId, { role: 'assistant', content: [{ text: 'Added the test.', type: 'text' }], parentId: added.messageId, usage });
    expect(reply.statusCode).toBe(201);
    const { messageId } = json(reply);

    const finished = await box.finish(session.sessionId);
    expect(json(finished)).toEqual({ status: 'idle' });

    const message = json(await call(server, user.key, 'GET', `/api/v0/sessions/${session.sessionId}/messages/${messageId}`));
    expect(message).toMatchObject({ id: messageId, role: 'assistant', parentId: added.messageId, content: [{ id: expect.any(String), type: 'text', text: 'Added the test.' }] });

    const after = json(await call(server, user.key, 'GET', `/api/v0/sessions/${session.sessionId}`));
    // Standard Credits: input + output + cache writes + 0.1 x cache reads (multiplier 1).
    const credits = 1000 + 200 + 100 + 0.1 * 500;
    const expected = { inputTokens: 1000, outputTokens: 200, cacheCreationTokens: 100, cacheReadTokens: 500, thinkingTokens: 50, serviceCredits: credits };
    expect(after).toMatchObject({ status: 'idle', messageCount: 2, completedAt: expect.any(Number) });
    expect(after.sessionSettings.tokenUsage).toEqual(expected);
    expect(after.sessionSettings.inclusiveTokenUsage).toEqual(expected);

    // The model call is a telemetry event of the session's creator, which counts their credits.
    const events = await server.store.db.selectFrom('telemetry_events').selectAll().where('organization_id', '=', org.id).where('session_id', '=', session.sessionId).execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'model_call', user_id: user.id, model_id: 'model-x', input_tokens: 1000, credits });
    const month = await server.store.db.selectFrom('monthly_credit_usage').select('credits').where('organization_id', '=', org.id).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(month.credits).toBeCloseTo(credits);

    const listed = json(await call(server, user.key, 'GET', `/api/v0/sessions/${session.sessionId}/messages?order=asc`));
    expect(listed.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
  });
});

describe('the session status machine, driven by the agent', () => {
  it('keeps a running session running when messages are added, and finishes to pending while some wait', async () => {
    const computer = await registerComputer(server, org.owner.key);
    const box = agent(server, computer.token);
    const session = await createSession(server, org.owner.key, { computerId: computer.id });
    const url = `/api/v0/sessions/${session.sessionId}`;

    expectError(await box.finish(session.sessionId), 409); // idle
    expect((await box.claim()).statusCode).toBe(204); // nothing queued

    const first = json(await addMessage(server, org.owner.key, session.sessionId, { text: 'one' }));
    expect(first.status).toBe('pending');
    expectError(await box.finish(session.sessionId), 409); // pending, not running
    expectError(await box.post(session.sessionId, { role: 'assistant', content: [{ text: 'early' }] }), 409);

    expect(json(await box.claim()).message.id).toBe(first.messageId);
    const second = json(await addMessage(server, org.owner.key, session.sessionId, { text: 'two' }));
    expect(second.status).toBe('running');
    // The session is running: its next message waits until this run ends.
    expect((await box.claim()).statusCode).toBe(204);

    expect(json(await box.finish(session.sessionId)).status).toBe('pending');
    expect(json(await call(server, org.owner.key, 'GET', url)).status).toBe('pending');
    expect(json(await box.claim()).message.id).toBe(second.messageId);
    expect(json(await box.finish(session.sessionId)).status).toBe('idle');
    expectError(await box.finish(session.sessionId), 409);
    expect(json(await call(server, org.owner.key, 'GET', url))).toMatchObject({ status: 'idle', messageCount: 2 });
  });

  it('keeps sessions to their computer: other computers see 404 and cannot claim them', async () => {
    const mine = await registerComputer(server, org.owner.key);
    const stranger = await registerComputer(server, org.owner.key);
    const session = await createSession(server, org.owner.key, { computerId: mine.id });
    await addMessage(server, org.owner.key, session.sessionId, { text: 'for mine' });
    expect((await agent(server, stranger.token).claim()).statusCode).toBe(204);
    expect((await agent(server, mine.token).claim()).statusCode).toBe(200);
    expectError(await agent(server, stranger.token).post(session.sessionId, { role: 'assistant', content: [{ text: 'x' }] }), 404);
    expectError(await agent(server, stranger.token).finish(session.sessionId), 404);
    expectError(await agent(server, mine.token).finish('ses_unknown'), 404);
    // Another organization's computer never sees it either.
    const other = await createOrganization(server, 'Other');
    const foreign = await registerComputer(server, other.owner.key);
    expectError(await agent(server, foreign.token).finish(session.sessionId), 404);
  });

  it('validates agent messages (400) and their parent (404), storing nothing then', async () => {
    const computer = await registerComputer(server, org.owner.key);
    const box = agent(server, computer.token);
    const session = await createSession(server, org.owner.key, { computerId: computer.id });
    await addMessage(server, org.owner.key, session.sessionId, { text: 'go' });
    await box.claim();
    const usage = { modelId: 'm', modelTier: 'standard', inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 };
    for (const body of [
      { role: 'user', content: [{ text: 'x' }] },
      { role: 'assistant', content: [] },
      { role: 'assistant', content: [{ id: 'b1' }] },
      { role: 'assistant', content: [{ text: 'x', extra: true }] },
      { role: 'assistant', content: [{ text: 'x' }], usage: { ...usage, inputTokens: -1 } },
      { role: 'assistant', content: [{ text: 'x' }], usage: { ...usage, modelTier: 'fast' } },
      { role: 'assistant', content: [{ text: 'x' }], usage: { ...usage, inputTokens: 1.5 } },
      { role: 'assistant', content: [{ text: 'x' }], usage: { modelId: 'm' } },
      { role: 'assistant', content: [{ text: 'x' }], extra: 1 },
    ]) {
      expectError(await box.post(session.sessionId, body), 400);
    }
    expectError(await box.post(session.sessionId, { role: 'assistant', content: [{ text: 'x' }], parentId: 'msg_nope', usage }), 404);
    const after = json(await call(server, org.owner.key, 'GET', `/api/v0/sessions/${session.sessionId}`));
    expect(after.messageCount).toBe(1);
    expect(after.sessionSettings.tokenUsage.inputTokens).toBe(0);
    // Block ids are kept when given.
    const posted = json(await box.post(session.sessionId, { role: 'tool', content: [{ text: 'out', id: 'block-7' }] }));
    const message = json(await call(server, org.owner.key, 'GET', `/api/v0/sessions/${session.sessionId}/messages/${posted.messageId}`));
    // A block without a type is stored as text (decisions.md §12).
    expect(message.content).toEqual([{ text: 'out', id: 'block-7', type: 'text' }]);
  });
});

describe('claims', () => {
  it('never hands the same message to two concurrent claimers', async () => {
    const computer = await registerComputer(server, org.owner.key);
    const sessions = [];
    for (let i = 0; i < 6; i += 1) {
      const session = await createSession(server, org.owner.key, { computerId: computer.id });
      await addMessage(server, org.owner.key, session.sessionId, { text: `m${i}` });
      sessions.push(session.sessionId);
    }
    const box = agent(server, computer.token);
    const results = await Promise.all(Array.from({ length: 10 }, () => box.claim()));
    const claimed = results.filter((r) => r.statusCode === 200).map((r) => json(r));
    expect(results.filter((r) => r.statusCode === 204)).toHaveLength(4);
    expect(new Set(claimed.map((c) => c.message.id)).size).toBe(6);
    expect(claimed.map((c) => c.sessionId).sort()).toEqual([...sessions].sort());
  });

  it('hands out the oldest queued message first', async () => {
    const computer = await registerComputer(server, org.owner.key);
    const older = await createSession(server, org.owner.key, { computerId: computer.id });
    const newer = await createSession(server, org.owner.key, { computerId: computer.id });
    const first = json(await addMessage(server, org.owner.key, newer.sessionId, { text: 'first' }));
    await addMessage(server, org.owner.key, older.sessionId, { text: 'second' });
    expect(json(await agent(server, computer.token).claim()).message.id).toBe(first.messageId);
  });

  it('long-polls: a message queued while waiting is delivered at once; with none it answers 204 after waitMs', async () => {
    const computer = await registerComputer(server, org.owner.key);
    const box = agent(server, computer.token);
    const session = await createSession(server, org.owner.key, { computerId: computer.id });
    const started = Date.now();
    const waiting = box.claim(10_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const added = json(await addMessage(server, org.owner.key, session.sessionId, { text: 'wake up' }));
    const claim = await waiting;
    expect(claim.statusCode).toBe(200);
    expect(json(claim).message.id).toBe(added.messageId);
    expect(Date.now() - started).toBeLessThan(5_000);

    const emptyStart = Date.now();
    expect((await box.claim(700)).statusCode).toBe(204);
    expect(Date.now() - emptyStart).toBeGreaterThanOrEqual(650);
    expectError(await box.claim(30_001), 400);
    expectError(await call(server, computer.token, 'POST', '/api/v0/agent/claim?waitMs=-1'), 400);
  });
});

describe('last heartbeat', () => {
  it("shows on the computer once its agent has called, and moves with each heartbeat", async () => {
    const computer = await registerComputer(server, org.owner.key);
    const read = async () => json(await call(server, org.owner.key, 'GET', `/api/v0/computers/${computer.id}`)).lastSeenAt as number | undefined;
    expect(await read()).toBeUndefined();
    const before = Date.now();
    expect((await agent(server, computer.token).heartbeat()).statusCode).toBe(200);
    const first = await read();
    expect(first).toBeGreaterThanOrEqual(before);
    expect(first).toBeLessThanOrEqual(Date.now());
    await new Promise((resolve) => setTimeout(resolve, 5));
    await agent(server, computer.token).heartbeat();
    expect(await read()).toBeGreaterThan(first!);
  });
});

describe('agent credentials', () => {
  it('takes computer tokens only: API keys, JWTs, garbage and a deactivated owner are 401', async () => {
    const owner = await addUser(server, org.owner.key, 'member');
    const computer = await registerComputer(server, owner.key);
    expect((await agent(server, computer.token).heartbeat()).statusCode).toBe(200);
    expectError(await agent(server, org.owner.key).heartbeat(), 401);
    expectError(await agent(server, await accessToken(server, org.owner.key)).heartbeat(), 401);
    expectError(await agent(server, 'qdc_guess').heartbeat(), 401);
    expectError(await server.app.inject({ method: 'POST', url: '/api/v0/agent/heartbeat' }), 401);
    // The computer token is not a v0 credential either.
    expectError(await call(server, computer.token, 'GET', '/api/v0/computers'), 401);
    await call(server, org.owner.key, 'DELETE' as never, `/api/v0/organization/users/${owner.id}`);
    expectError(await agent(server, computer.token).heartbeat(), 401);
  });

  it("starts a child session of a session routed to its computer, owned by the parent's owner; 404 for any other", async () => {
    const user = org.users.member;
    const computer = await registerComputer(server, user.key);
    const parent = await createSession(server, user.key, { computerId: computer.id });
    const box = agent(server, computer.token);
    const created = await call(server, computer.token, 'POST', '/api/v0/agent/sessions', { parentSessionId: parent.sessionId, title: 'sub-task', cwd: 'lib', sessionSettings: { interactionMode: 'spec' } });
    expect(created.statusCode).toBe(201);
    expect(json(created)).toMatchObject({ parentSessionId: parent.sessionId, computerId: computer.id, title: 'sub-task', cwd: 'lib', status: 'idle', sessionSettings: { interactionMode: 'spec' } });
    // The parent's owner sees it among the children, and may use it as any session of theirs.
    const children = json(await call(server, user.key, 'GET', `/api/v0/sessions/${parent.sessionId}/children`));
    expect(children.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([json(created).sessionId]);
    expect((await addMessage(server, user.key, json(created).sessionId, { text: 'go' })).statusCode).toBe(200);
    expect(json(await box.claim()).sessionId).toBe(json(created).sessionId);
    // A session routed to another computer, an unknown one, or a bad body.
    const other = await registerComputer(server, user.key);
    expectError(await call(server, other.token, 'POST', '/api/v0/agent/sessions', { parentSessionId: parent.sessionId }), 404);
    expectError(await call(server, computer.token, 'POST', '/api/v0/agent/sessions', { parentSessionId: 'ses_missing' }), 404);
    expectError(await call(server, computer.token, 'POST', '/api/v0/agent/sessions', { parentSessionId: parent.sessionId, sessionSettings: { autonomyLevel: 'max' } }), 400);
    expectError(await call(server, user.key, 'POST', '/api/v0/agent/sessions', { parentSessionId: parent.sessionId }), 401);
  });

  it('records the heartbeat time', async () => {
    const computer = await registerComputer(server, org.owner.key);
    await agent(server, computer.token).heartbeat();
    const row = await server.store.db.selectFrom('computers').select('last_seen_at').where('id', '=', computer.id).executeTakeFirstOrThrow();
    expect(row.last_seen_at).toBeInstanceOf(Date);
  });
});
