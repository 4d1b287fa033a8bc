import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { startJob } from '../../src/jobs/job.js';
import { leaseSweepJob } from '../../src/jobs/run-leases.js';
import { expireLapsedRuns, MAX_REQUEUES } from '../../src/repositories/messages.js';
import { createOrganization, expectError, json, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { addMessage, agent, call, createSession, registerComputer } from './fixtures.js';

// The session lifecycle of decisions.md §12 through the API: run leases (renewed by heartbeats
// and posts, lapsed runs re-queued at most MAX_REQUEUES times), interrupts, deleting sessions and
// computers, list filters and order, and what computer creation and messages also accept.

const LEASE_MS = 60_000;
let server: TestServer;
let org: TestOrganization;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', RUN_LEASE_MS: String(LEASE_MS) });
  org = await createOrganization(server);
});
afterAll(async () => server?.close());

const key = () => org.owner.key;
const get = async (url: string) => json(await call(server, key(), 'GET', url));
/** After every lease given so far has lapsed. */
const later = () => new Date(Date.now() + LEASE_MS + 1_000);

async function queued(text = 'work') {
  const computer = await registerComputer(server, key());
  const session = await createSession(server, key(), { computerId: computer.id });
  const messageId = json(await addMessage(server, key(), session.sessionId, { text })).messageId as string;
  return { computer, box: agent(server, computer.token), sessionId: session.sessionId as string, messageId };
}

const post = (box: ReturnType<typeof agent>, sessionId: string, runId: string, text = 'reply') => box.post(sessionId, { role: 'assistant', content: [{ text }] }, runId);

describe('run leases', () => {
  it('starts a run with a lease at claim; heartbeats and posts renew it; other run ids are 409', async () => {
    const { box, sessionId, messageId } = await queued();
    const claim = json(await box.claim());
    expect(claim).toMatchObject({ sessionId, runId: expect.stringMatching(/^run_/), message: { id: messageId } });
    expect(claim.leaseExpiresAt).toBeGreaterThan(Date.now() + LEASE_MS / 2);

    expect(json(await box.heartbeat([claim.runId, 'run_gone'])).lostRunIds).toEqual(['run_gone']);

    expectError(await post(box, sessionId, 'run_other'), 409);
    expect((await post(box, sessionId, claim.runId)).statusCode).toBe(201);
    expectError(await box.finish(sessionId, 'run_other'), 409);
    expect(json(await box.finish(sessionId, claim.runId))).toEqual({ status: 'idle' });
    // The run is over: a heartbeat naming it hears it is lost.
    expect(json(await box.heartbeat([claim.runId])).lostRunIds).toEqual([claim.runId]);
  });

  it('returns a lapsed run to the queue: the next claim gets the same message, the old run is 409', async () => {
    const { box, sessionId, messageId } = await queued();
    const first = json(await box.claim());
    expect(await expireLapsedRuns(server.store.db, new Date())).toEqual([]); // not lapsed yet
    const [computerId] = await expireLapsedRuns(server.store.db, later());
    expect(computerId).toBeDefined();
    expect((await get(`/api/v0/sessions/${sessionId}`)).status).toBe('pending');

    const second = json(await box.claim());
    expect(second.message.id).toBe(messageId);
    expect(second.runId).not.toBe(first.runId);
    expectError(await post(box, sessionId, first.runId), 409);
    expectError(await box.finish(sessionId, first.runId), 409);
    expect((await post(box, sessionId, second.runId)).statusCode).toBe(201);
    expect(json(await box.finish(sessionId, second.runId))).toEqual({ status: 'idle' });
    const messages = (await get(`/api/v0/sessions/${sessionId}/messages?order=asc`)).messages;
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
  });

  it(`re-queues a message at most ${MAX_REQUEUES} times, then the session is idle with a system message saying the agent was lost`, async () => {
    const { box, sessionId, messageId } = await queued();
    for (let requeue = 0; requeue < MAX_REQUEUES; requeue++) {
      expect(json(await box.claim()).message.id).toBe(messageId);
      await expireLapsedRuns(server.store.db, later());
      expect((await get(`/api/v0/sessions/${sessionId}`)).status).toBe('pending');
    }
    const last = json(await box.claim());
    await expireLapsedRuns(server.store.db, later());
    const session = await get(`/api/v0/sessions/${sessionId}`);
    expect(session).toMatchObject({ status: 'idle', messageCount: 2 });
    const messages = (await get(`/api/v0/sessions/${sessionId}/messages?order=asc`)).messages;
    expect(messages[1]).toMatchObject({ role: 'system', content: [{ type: 'text', text: expect.stringContaining('The agent was lost') }] });
    expect((await box.claim()).statusCode).toBe(204);
    expectError(await post(box, sessionId, last.runId), 409);
  });

  it('keeps a renewed lease: a heartbeat naming the run, or a post in it, holds it past the old expiry', async () => {
    const { box, sessionId } = await queued();
    const claim = json(await box.claim());
    // The lease is about to lapse; a heartbeat naming the run renews it before a sweep comes.
    await server.store.db.updateTable('sessions').set({ lease_expires_at: new Date(Date.now() - 1) }).where('id', '=', sessionId).execute();
    expect(json(await box.heartbeat([claim.runId])).lostRunIds).toEqual([]);
    expect(await expireLapsedRuns(server.store.db, new Date())).toEqual([]);
    expect((await get(`/api/v0/sessions/${sessionId}`)).status).toBe('running');
    // A post renews it the same way.
    await server.store.db.updateTable('sessions').set({ lease_expires_at: new Date(Date.now() - 1) }).where('id', '=', sessionId).execute();
    expect((await post(box, sessionId, claim.runId)).statusCode).toBe(201);
    expect(await expireLapsedRuns(server.store.db, new Date())).toEqual([]);
    expect((await get(`/api/v0/sessions/${sessionId}`)).status).toBe('running');
  });
});

describe('the lease sweep', () => {
  it('takes a lapsed run back with no agent claiming, and wakes the claims of its computer', async () => {
    const { computer, box, sessionId } = await queued();
    json(await box.claim());
    await server.store.db.updateTable('sessions').set({ lease_expires_at: new Date(Date.now() - 1) }).where('id', '=', sessionId).execute();
    const woken: string[] = [];
    const sweep = startJob(leaseSweepJob(server.store.db, 1_000, (computerId) => woken.push(computerId)), server.app.log);
    try {
      for (let tries = 0; tries < 100 && (await get(`/api/v0/sessions/${sessionId}`)).status !== 'pending'; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await sweep.stop();
    }
    expect((await get(`/api/v0/sessions/${sessionId}`)).status).toBe('pending');
    expect(woken).toContain(computer.id);
  });
});

describe('leases across replicas', () => {
  it('takes a lapsed run back once when sweeps race, and another replica hands the message out again', async () => {
    // A second app on the same database: a replica with its own process state (claim wake-ups).
    const replica = await buildApp({ config: server.config, store: server.store, adminToken: server.adminToken });
    try {
      const { computer, box, sessionId, messageId } = await queued();
      const first = json(await box.claim());
      await server.store.db.updateTable('sessions').set({ lease_expires_at: new Date(Date.now() - 1) }).where('id', '=', sessionId).execute();
      const swept = await Promise.all([1, 2, 3].map(() => expireLapsedRuns(server.store.db, new Date())));
      expect(swept.flat()).toEqual([computer.id]);
      const second = json(await agent({ ...server, app: replica }, computer.token).claim());
      expect(second.message.id).toBe(messageId);
      expectError(await post(box, sessionId, first.runId), 409);
      const attempts = await server.store.db.selectFrom('messages').select('delivery_attempts').where('id', '=', messageId).executeTakeFirstOrThrow();
      expect(attempts.delivery_attempts).toBe(2);
    } finally {
      await replica.close();
    }
  });
});

describe('interrupt', () => {
  it('turns a running session idle, drops queued messages, and tells the agent on its next post or heartbeat; an idle session stays as it is', async () => {
    const computer = await registerComputer(server, key());
    const box = agent(server, computer.token);
    const { sessionId } = await createSession(server, key(), { computerId: computer.id });
    await addMessage(server, key(), sessionId, { text: 'one' });
    const claim = json(await box.claim());
    await addMessage(server, key(), sessionId, { text: 'two' });

    const interrupted = await call(server, key(), 'POST', `/api/v0/sessions/${sessionId}/interrupt`);
    expect(interrupted.statusCode).toBe(200);
    expect(json(interrupted)).toMatchObject({ sessionId, status: 'idle' });
    expect(json(await box.heartbeat([claim.runId])).lostRunIds).toEqual([claim.runId]);
    expectError(await post(box, sessionId, claim.runId), 409);
    expectError(await box.finish(sessionId), 409);
    // "two" was dropped: nothing left to claim.
    expect((await box.claim()).statusCode).toBe(204);
    // Interrupting an idle session is a successful no-op: the session as it is.
    const before = await get(`/api/v0/sessions/${sessionId}`);
    const again = await call(server, key(), 'POST', `/api/v0/sessions/${sessionId}/interrupt`);
    expect(again.statusCode).toBe(200);
    expect(json(again)).toEqual(before);
  });

  it('turns a pending session idle too', async () => {
    const { box, sessionId } = await queued();
    expect(json(await call(server, key(), 'POST', `/api/v0/sessions/${sessionId}/interrupt`)).status).toBe('idle');
    expect((await box.claim()).statusCode).toBe(204);
  });

  it('is 404 for a session a member may not see', async () => {
    const { sessionId } = await queued();
    expectError(await call(server, org.users.member.key, 'POST', `/api/v0/sessions/${sessionId}/interrupt`), 404);
    expect((await get(`/api/v0/sessions/${sessionId}`)).status).toBe('pending');
  });
});

describe('deleting', () => {
  it('deletes a session and its messages: 204, then 404; its agent is told by a 404', async () => {
    const { box, sessionId } = await queued();
    json(await box.claim());
    const removed = await call(server, key(), 'DELETE', `/api/v0/sessions/${sessionId}`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expectError(await call(server, key(), 'GET', `/api/v0/sessions/${sessionId}`), 404);
    expectError(await call(server, key(), 'DELETE', `/api/v0/sessions/${sessionId}`), 404);
    expectError(await box.post(sessionId, { role: 'assistant', content: [{ text: 'late' }] }), 404);
    const rows = await server.store.db.selectFrom('messages').select('id').where('session_id', '=', sessionId).execute();
    expect(rows).toEqual([]);
  });

  it("deletes a computer: 204, then 404; its token is 401 at once; its sessions lose it and end their run", async () => {
    const { computer, box, sessionId } = await queued();
    json(await box.claim());
    expect((await call(server, key(), 'DELETE', `/api/v0/computers/${computer.id}`)).statusCode).toBe(204);
    expectError(await call(server, key(), 'GET', `/api/v0/computers/${computer.id}`), 404);
    expectError(await call(server, key(), 'DELETE', `/api/v0/computers/${computer.id}`), 404);
    expectError(await box.heartbeat(), 401);
    const session = await get(`/api/v0/sessions/${sessionId}`);
    expect(session.status).toBe('idle');
    expect(session.computerId).toBeUndefined();
    const messages = (await get(`/api/v0/sessions/${sessionId}/messages?order=asc`)).messages;
    expect(messages.at(-1)).toMatchObject({ role: 'system', content: [{ text: expect.stringContaining(`Computer ${computer.id} was deleted`) }] });
    // The session goes on with another computer.
    const next = await registerComputer(server, key());
    expect(json(await addMessage(server, key(), sessionId, { text: 'again', computerId: next.id })).status).toBe('pending');
  });

  it("is 404 for a member on another's computer or session", async () => {
    const { computer, sessionId } = await queued();
    expectError(await call(server, org.users.member.key, 'DELETE', `/api/v0/computers/${computer.id}`), 404);
    expectError(await call(server, org.users.member.key, 'DELETE', `/api/v0/sessions/${sessionId}`), 404);
    expect((await get(`/api/v0/computers/${computer.id}`)).id).toBe(computer.id);
  });
});

describe('lists: filters and order', () => {
  it('filters sessions by computer and orders them either way (newest first by default), with cursors bound to the order and the computer', async () => {
    const computer = await registerComputer(server, key());
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createSession(server, key(), { computerId: computer.id })).sessionId);
    await createSession(server, key());
    const byDefault = await get(`/api/v0/sessions?computerId=${computer.id}`);
    expect(byDefault.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([ids[2], ids[1], ids[0]]);
    const page = await get(`/api/v0/sessions?computerId=${computer.id}&order=desc&limit=2`);
    expect(page.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([ids[2], ids[1]]);
    const rest = await get(`/api/v0/sessions?computerId=${computer.id}&order=desc&limit=2&cursor=${page.pagination.nextCursor}`);
    expect(rest.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([ids[0]]);
    expectError(await call(server, key(), 'GET', `/api/v0/sessions?order=asc&cursor=${page.pagination.nextCursor}`), 400);
    // A cursor of one computer's list is refused by the whole list and by another computer's, and the other way round.
    expectError(await call(server, key(), 'GET', `/api/v0/sessions?order=desc&cursor=${page.pagination.nextCursor}`), 400);
    expectError(await call(server, key(), 'GET', `/api/v0/sessions?computerId=cmp_other&cursor=${page.pagination.nextCursor}`), 400);
    const whole = await get('/api/v0/sessions?limit=1');
    expect(whole.pagination.nextCursor).toEqual(expect.any(String));
    expectError(await call(server, key(), 'GET', `/api/v0/sessions?computerId=${computer.id}&cursor=${whole.pagination.nextCursor}`), 400);
    // Without order, a cursor continues in the order it was issued for.
    const ascPage = await get(`/api/v0/sessions?computerId=${computer.id}&order=asc&limit=2`);
    expect(ascPage.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([ids[0], ids[1]]);
    const ascRest = await get(`/api/v0/sessions?computerId=${computer.id}&limit=2&cursor=${ascPage.pagination.nextCursor}`);
    expect(ascRest.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([ids[2]]);
    expectError(await call(server, key(), 'GET', '/api/v0/sessions?order=newest'), 400);
    expect((await get('/api/v0/sessions?computerId=cmp_none')).sessions).toEqual([]);
  });

  it('filters messages by role and orders them either way', async () => {
    const { box, sessionId } = await queued('first');
    const claim = json(await box.claim());
    await post(box, sessionId, claim.runId, 'answer');
    await box.post(sessionId, { role: 'tool', content: [{ text: 'tool output' }] });
    const all = await get(`/api/v0/sessions/${sessionId}/messages?order=desc`);
    expect(all.messages.map((m: { role: string }) => m.role)).toEqual(['tool', 'assistant', 'user']);
    const assistant = await get(`/api/v0/sessions/${sessionId}/messages?role=assistant`);
    expect(assistant.messages.map((m: { content: { text: string }[] }) => m.content[0]!.text)).toEqual(['answer']);
    expectError(await call(server, key(), 'GET', `/api/v0/sessions/${sessionId}/messages?role=robot`), 400);
  });
});

describe('what computer creation and messages also accept', () => {
  it('takes provider as a synonym of providerType, repos and autoInstallDeps', async () => {
    const created = await registerComputer(server, key(), { providerType: undefined, provider: 'byom', repos: [{ url: 'https://git.example/acme/app.git', branch: 'main' }, { url: '/srv/repos/lib' }], autoInstallDeps: false });
    expect(created.body).toMatchObject({ providerType: 'byom', repos: [{ url: 'https://git.example/acme/app.git', branch: 'main' }, { url: '/srv/repos/lib' }], autoInstallDeps: false });
    const plain = await registerComputer(server, key());
    expect(plain.body).toMatchObject({ repos: [], autoInstallDeps: true });
    const agentView = json(await agent(server, created.token).heartbeat()).computer;
    expect(agentView).toMatchObject({ repos: created.body.repos, autoInstallDeps: false });
  });

  it('answers 400 to a contradicting or unknown provider and to bad repos, creating nothing', async () => {
    const before = (await get('/api/v0/computers?limit=100')).computers.length;
    const bodies = [
      { name: 'x', providerType: 'byom', provider: 'hosted' },
      { name: 'x', provider: 'cloud' },
      { name: 'x', providerType: 'byom', repos: [{ url: '' }] },
      { name: 'x', providerType: 'byom', repos: [{ url: 'https://a/b', depth: 1 }] },
      { name: 'x', providerType: 'byom', repos: [{ url: 'https://a/b', branch: 'bad branch' }] },
      { name: 'x', providerType: 'byom', autoInstallDeps: 'yes' },
    ];
    for (const body of bodies) expectError(await call(server, key(), 'POST', '/api/v0/computers', body), 400);
    expect((await get('/api/v0/computers?limit=100')).computers.length).toBe(before);
  });

  it('stores an image mediaType, and refuses an unknown one or one its data URL contradicts', async () => {
    const { sessionId } = await queued();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');
    const added = json(await addMessage(server, key(), sessionId, { text: 'look', images: [{ data: png, mediaType: 'image/png' }] }));
    const message = await get(`/api/v0/sessions/${sessionId}/messages/${added.messageId}`);
    expect(message.content[1]).toMatchObject({ type: 'image', source: { type: 'base64', data: png, mediaType: 'image/png' } });
    expectError(await addMessage(server, key(), sessionId, { text: 'x', images: [{ data: png, mediaType: 'text/html' }] }), 400);
    expectError(await addMessage(server, key(), sessionId, { text: 'x', images: [{ data: `data:image/jpeg;base64,${png}`, mediaType: 'image/png' }] }), 400);
  });

  it('answers the readiness list at its second path too, with the same answer', async () => {
    const headers = { authorization: `Bearer ${key()}` };
    const first = await server.app.inject({ method: 'GET', url: '/api/organization/maturity-level-reports', headers });
    const second = await server.app.inject({ method: 'GET', url: '/api/organization/agent-readiness-reports', headers });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const spec = (await server.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/organization/maturity-level-reports', '/api/organization/agent-readiness-reports']));
  });
});
