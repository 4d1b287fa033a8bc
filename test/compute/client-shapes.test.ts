import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createOrganization, expectError, startTestServer, type Caller, type TestOrganization, type TestServer } from '../helpers/server.js';
import { daysAgo, postEvents, runRollups } from '../analytics/helpers.js';
import { agent } from './fixtures.js';

// What clients of the original service send, call by call, over a real port: its TypeScript SDK
// (Authorization and Accept on every call, Content-Type only with a body, its own client headers;
// docs/compatibility.md) and a v0 app built on the API (Content-Type: application/json on every
// call, an empty body when there is none). Each answer is checked against what those clients
// read: the fields their schemas require, with the types and values they accept.

let server: TestServer;
let org: TestOrganization;
let member: Caller;
let base: string;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server, 'Clients');
  member = await addUser(server, org.owner.key, 'member');
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => server?.close());

interface Answer {
  status: number;
  body: any;
}

async function answerOf(response: Response): Promise<Answer> {
  return { status: response.status, body: response.status === 204 ? undefined : await response.json() };
}

/** The SDK's fetch helper: JSON Content-Type only when there is a body. */
async function sdk(method: string, path: string, body?: Record<string, unknown>, key = org.owner.key): Promise<Answer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${key}`, Accept: 'application/json', 'X-Agent-Client': 'sdk', 'X-Agent-Sdk': 'typescript/0.9.0' };
  if (body) headers['Content-Type'] = 'application/json';
  return answerOf(await fetch(`${base}${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) }));
}

/** The v0 app's HTTP helper: JSON Content-Type on every call; query values dropped when nil. */
async function app(method: string, path: string, options: { body?: Record<string, unknown>; query?: Record<string, string | undefined> } = {}): Promise<Answer> {
  const query = new URLSearchParams(Object.entries(options.query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  const response = await fetch(`${base}${path}${query ? `?${query}` : ''}`, {
    method,
    headers: { Authorization: `Bearer ${org.owner.key}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    ...(method === 'GET' ? {} : { body: options.body ? JSON.stringify(options.body) : '' }),
  });
  return answerOf(response);
}

type Kind = 'string' | 'integer' | 'number' | 'boolean' | 'object' | readonly string[];

/** The fields a client's schema reads: `name?` is optional; a list is the values it accepts. */
function expectShape(value: unknown, fields: Record<string, Kind>, label: string): void {
  expect(value, label).toBeTypeOf('object');
  for (const [key, kind] of Object.entries(fields)) {
    const name = key.replace(/\?$/, '');
    const field = (value as Record<string, unknown>)[name];
    if (key.endsWith('?') && field === undefined) continue;
    const where = `${label}.${name} = ${JSON.stringify(field)}`;
    if (Array.isArray(kind)) expect(kind, where).toContain(field);
    else if (kind === 'integer') expect(Number.isInteger(field), where).toBe(true);
    else expect(typeof field, where).toBe(kind);
  }
}

const COMPUTER = { id: 'string', name: 'string', 'hostname?': 'string', providerType: ['byom', 'hosted'], 'status?': ['provisioning', 'active', 'error'], createdAt: 'integer', 'relayClientUrl?': 'string', 'remoteUser?': 'string' } as const;
const REMOTE_SESSION = { sessionId: 'string', 'title?': 'string', status: ['idle', 'pending', 'running'], messageCount: 'integer', createdAt: 'integer', updatedAt: 'integer', 'completedAt?': 'integer', 'computerId?': 'string' } as const;
const METRIC = { timestamp: 'string', cpuUsedPct: 'number', cpuCount: 'number', memUsed: 'number', memTotal: 'number', diskUsed: 'number', diskTotal: 'number' } as const;
const PAGINATION = { hasMore: 'boolean' } as const;

function expectPagination(page: { pagination: { hasMore: boolean; nextCursor: unknown } }, label: string): void {
  expectShape(page.pagination, PAGINATION, `${label}.pagination`);
  expect(page.pagination.nextCursor === null || typeof page.pagination.nextCursor === 'string', label).toBe(true);
}

/** A content block as the SDK's discriminated union reads it. */
function expectBlock(block: any, label: string): void {
  switch (block.type) {
    case 'text':
      return expectShape(block, { text: 'string', 'id?': 'string' }, label);
    case 'image':
      return expectShape(block.source, { type: ['base64'], data: 'string', mediaType: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] }, `${label}.source`);
    case 'document':
      expectShape(block.source, { type: 'string', mediaType: 'string', data: 'string', 'name?': 'string', 'mime?': 'string' }, `${label}.source`);
      // The SDK's document source is strict: no other field.
      expect(Object.keys(block.source).every((key) => ['type', 'mediaType', 'data', 'name', 'mime'].includes(key)), label).toBe(true);
      return;
    default:
      throw new Error(`${label}: a block type the SDK does not read: ${block.type}`);
  }
}

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('0000000d49484452', 'hex')]).toString('base64');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64');
const PDF = Buffer.from('%PDF-1.7\n%fake but well begun\n').toString('base64');

/** A computer's agent that has connected and installed (the computer is active). */
async function provisioned(computerId: string, token: string): Promise<ReturnType<typeof agent>> {
  const box = agent(server, token);
  for (const step of ['connect', 'install-deps']) {
    expect((await box.step(step, { status: 'running' })).statusCode).toBe(200);
    expect((await box.step(step, { status: 'completed' })).statusCode).toBe(200);
  }
  expect((await sdk('GET', `/api/v0/computers/${computerId}`)).body.status).toBe('active');
  return box;
}

describe("the SDK's computer calls", () => {
  let created: any;
  let token: string;

  it('createComputer: {name, remoteUser} alone makes a byom computer; repos as URL strings; the token once', async () => {
    const answer = await sdk('POST', '/api/v0/computers', { name: 'dev box', remoteUser: 'builder' });
    expect(answer.status).toBe(201);
    expectShape(answer.body, COMPUTER, 'createComputer');
    expect(answer.body).toMatchObject({ name: 'dev box', remoteUser: 'builder', providerType: 'byom', status: 'provisioning', repos: [], autoInstallDeps: true });
    created = answer.body;
    token = answer.body.computerToken;
    expect(token).toMatch(/^qdc_/);

    const withOptions = await sdk('POST', '/api/v0/computers', { name: 'box/special é', remoteUser: 'builder', provider: 'byom', repos: ['https://git.example/acme/app.git', 'git@git.example:acme/lib.git'], autoInstallDeps: false });
    expect(withOptions.status).toBe(201);
    expect(withOptions.body).toMatchObject({ providerType: 'byom', repos: [{ url: 'https://git.example/acme/app.git' }, { url: 'git@git.example:acme/lib.git' }], autoInstallDeps: false });
    // Both shapes in one list.
    const mixed = await sdk('POST', '/api/v0/computers', { name: 'mixed', remoteUser: 'u', repos: ['https://git.example/a/b', { url: 'https://git.example/c/d', branch: 'dev' }] });
    expect(mixed.body.repos).toEqual([{ url: 'https://git.example/a/b' }, { url: 'https://git.example/c/d', branch: 'dev' }]);
  });

  it('createComputer: a bad name, provider or repo is a 400 and creates nothing', async () => {
    const before = (await sdk('GET', '/api/v0/computers')).body.computers.length;
    for (const body of [
      { remoteUser: 'u' },
      { name: '', remoteUser: 'u' },
      { name: 'x', remoteUser: 'u', provider: 'cloud' },
      { name: 'x', remoteUser: 'u', repos: [''] },
      { name: 'x', remoteUser: 'u', repos: [42] },
      // Service accounts are not part of Quarterdeck (docs/compatibility.md).
      { name: 'x', remoteUser: 'u', serviceAccountId: 'sa_1' },
    ]) {
      const answer = await sdk('POST', '/api/v0/computers', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expectShape(answer.body, { title: 'string', detail: 'string', status: 'integer', requestId: 'string' }, 'error');
    }
    expect((await sdk('GET', '/api/v0/computers')).body.computers.length).toBe(before);
  });

  it('listComputers: the whole list in one read, as the SDK never pages it', async () => {
    for (let i = 0; i < 22; i++) expect((await sdk('POST', '/api/v0/computers', { name: `fleet-${i}`, remoteUser: 'u' })).status).toBe(201);
    const answer = await sdk('GET', '/api/v0/computers');
    expect(answer.status).toBe(200);
    expect(answer.body.computers.length).toBeGreaterThanOrEqual(25);
    expect(answer.body.pagination.hasMore).toBe(false);
    answer.body.computers.forEach((computer: unknown, i: number) => expectShape(computer, COMPUTER, `computers[${i}]`));
  });

  it('getComputer and getComputerByName (the name percent-encoded), 404 for what the caller may not see', async () => {
    expect((await sdk('GET', `/api/v0/computers/${encodeURIComponent(created.id)}`)).body).toMatchObject({ id: created.id, name: 'dev box' });
    const byName = await sdk('GET', `/api/v0/computers/name/${encodeURIComponent('box/special é')}`);
    expect(byName.status).toBe(200);
    expectShape(byName.body, COMPUTER, 'getComputerByName');
    expect(byName.body.name).toBe('box/special é');
    expect((await sdk('GET', `/api/v0/computers/name/${encodeURIComponent('dev box')}`)).body.id).toBe(created.id);
    expectError(await server.app.inject({ method: 'GET', url: '/api/v0/computers/name/nothing-by-this-name', headers: { authorization: `Bearer ${org.owner.key}` } }), 404);
    // A member sees its own computers only.
    expect((await sdk('GET', `/api/v0/computers/name/${encodeURIComponent('dev box')}`, undefined, member.key)).status).toBe(404);
    // Names repeat: the oldest of them answers.
    const second = await sdk('POST', '/api/v0/computers', { name: 'dev box', remoteUser: 'other' });
    expect(second.status).toBe(201);
    expect((await sdk('GET', `/api/v0/computers/name/${encodeURIComponent('dev box')}`)).body.id).toBe(created.id);
  });

  it('updateComputer and deleteComputer (204, which the SDK reads as no body)', async () => {
    const updated = await sdk('PATCH', `/api/v0/computers/${created.id}`, { name: 'renamed box', remoteUser: 'ops', hostId: '3f2b8c1e-5d4a-4b7e-9c0d-1a2b3c4d5e6f' });
    expect(updated.status).toBe(200);
    expectShape(updated.body, COMPUTER, 'updateComputer');
    expect(updated.body).toMatchObject({ name: 'renamed box', remoteUser: 'ops', hostId: '3f2b8c1e-5d4a-4b7e-9c0d-1a2b3c4d5e6f' });
    const doomed = (await sdk('POST', '/api/v0/computers', { name: 'doomed', remoteUser: 'u' })).body;
    expect(await sdk('DELETE', `/api/v0/computers/${doomed.id}`)).toEqual({ status: 204, body: undefined });
    expect((await sdk('GET', `/api/v0/computers/${doomed.id}`)).status).toBe(404);
  });

  it('getComputerMetrics: what the agent reported with its heartbeats, the latest last; start filters', async () => {
    const box = agent(server, token);
    expect((await sdk('GET', `/api/v0/computers/${created.id}/metrics`)).body).toEqual([]);
    const samples = [
      { cpuUsedPct: 12.5, cpuCount: 8, memUsed: 4e9, memTotal: 16e9, diskUsed: 100e9, diskTotal: 500e9 },
      { cpuUsedPct: 55, cpuCount: 8, memUsed: 6e9, memTotal: 16e9, diskUsed: 101e9, diskTotal: 500e9 },
    ];
    for (const metrics of samples) {
      expect((await server.app.inject({ method: 'POST', url: '/api/v0/agent/heartbeat', headers: { authorization: `Bearer ${token}` }, payload: { metrics } })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const answer = await sdk('GET', `/api/v0/computers/${created.id}/metrics`);
    expect(answer.status).toBe(200);
    answer.body.forEach((metric: unknown, i: number) => expectShape(metric, METRIC, `metrics[${i}]`));
    expect(answer.body.map((metric: { cpuUsedPct: number }) => metric.cpuUsedPct)).toEqual([12.5, 55]);
    expect(Date.parse(answer.body[1].timestamp)).toBeGreaterThan(Date.parse(answer.body[0].timestamp));
    // An empty start (as one client sends) is no filter; a start after the last sample is none.
    expect((await sdk('GET', `/api/v0/computers/${created.id}/metrics?start=`)).body).toHaveLength(2);
    expect((await sdk('GET', `/api/v0/computers/${created.id}/metrics?start=${encodeURIComponent(answer.body[1].timestamp)}`)).body).toHaveLength(1);
    expect((await sdk('GET', `/api/v0/computers/${created.id}/metrics?start=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).body).toEqual([]);
    expect((await sdk('GET', `/api/v0/computers/${created.id}/metrics?start=yesterday-ish`)).status).toBe(400);
    // A sample out of range is refused, and the heartbeat with it.
    const bad = await box.heartbeat();
    expect(bad.statusCode).toBe(200);
    expect((await server.app.inject({ method: 'POST', url: '/api/v0/agent/heartbeat', headers: { authorization: `Bearer ${token}` }, payload: { metrics: { ...samples[0], cpuUsedPct: 140 } } })).statusCode).toBe(400);
  });

  it('refreshComputer ({configured}) and restartComputer reach the agent with its next heartbeat, once each', async () => {
    const box = await provisioned(created.id, token);
    const withRepos = (await sdk('POST', '/api/v0/computers', { name: 'repo box', remoteUser: 'u', repos: ['https://git.example/a/b', 'https://git.example/c/d'] })).body;
    const refreshed = await sdk('POST', `/api/v0/computers/${withRepos.id}/refresh`);
    expect(refreshed).toEqual({ status: 200, body: { configured: 2 } });
    const repoAgent = agent(server, withRepos.computerToken);
    expect(JSON.parse((await repoAgent.heartbeat()).body).commands).toEqual(['refresh']);
    expect(JSON.parse((await repoAgent.heartbeat()).body).commands).toEqual([]);

    // A run in progress goes back to the queue at once when the computer restarts.
    const session = (await sdk('POST', '/api/v0/sessions', { computerId: created.id })).body;
    expect((await sdk('POST', `/api/v0/sessions/${session.sessionId}/messages`, { text: 'work' })).status).toBe(200);
    const claim = JSON.parse((await box.claim()).body);
    const restarted = await sdk('POST', `/api/v0/computers/${created.id}/restart`);
    expect(restarted.status).toBe(202);
    expectShape(restarted.body, COMPUTER, 'restartComputer');
    expect(restarted.body.status).toBe('provisioning');
    expect(restarted.body.provisioningSteps.map((step: { status: string }) => step.status)).toEqual(['pending', 'pending']);
    const heard = JSON.parse((await box.heartbeat([claim.runId])).body);
    expect(heard).toMatchObject({ commands: ['restart'], lostRunIds: [claim.runId] });
    expect(JSON.parse((await box.heartbeat()).body).commands).toEqual([]);
    expect((await sdk('GET', `/api/v0/sessions/${session.sessionId}`)).body.status).toBe('pending');
    const again = JSON.parse((await box.claim()).body);
    expect(again.message.id).toBe(claim.message.id);
    // retryInstallDeps once the agent has provisioned again.
    await provisioned(created.id, token);
    const retried = await sdk('POST', `/api/v0/computers/${created.id}/install-deps`);
    expect(retried.status).toBe(202);
    expectShape(retried.body, COMPUTER, 'retryInstallDeps');
  });

  it('listRemoteSessions: computerId, limit and cursor; newest first', async () => {
    const box = (await sdk('POST', '/api/v0/computers', { name: 'sessions box', remoteUser: 'u' })).body;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await sdk('POST', '/api/v0/sessions', { computerId: box.id, title: `s${i}` })).body.sessionId);
    const first = await sdk('GET', `/api/v0/sessions?computerId=${box.id}&limit=2`);
    expectPagination(first.body, 'listRemoteSessions');
    first.body.sessions.forEach((session: unknown, i: number) => expectShape(session, REMOTE_SESSION, `sessions[${i}]`));
    expect(first.body.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([ids[2], ids[1]]);
    const rest = await sdk('GET', `/api/v0/sessions?computerId=${box.id}&limit=2&cursor=${encodeURIComponent(first.body.pagination.nextCursor)}`);
    expect(rest.body.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([ids[0]]);
    expect(rest.body.pagination).toEqual({ hasMore: false, nextCursor: null });
  });
});

describe("a v0 app's session loop", () => {
  const settings = { model: 'model-a', interactionMode: 'auto', autonomyLevel: 'medium', reasoningEffort: 'high' };

  it('finds its computer by name, hires a session with settings and cwd, and reads the newest answers first', async () => {
    const computer = (await sdk('POST', '/api/v0/computers', { name: 'app box', remoteUser: 'u' })).body;
    const box = await provisioned(computer.id, computer.computerToken);
    const found = await app('GET', `/api/v0/computers/name/${encodeURIComponent('app box')}`);
    expect(found.body.id).toBe(computer.id);

    const created = await app('POST', '/api/v0/sessions', { body: { computerId: computer.id, cwd: 'services/api', sessionSettings: settings } });
    expect(created.status).toBe(201);
    expectShape(created.body, REMOTE_SESSION, 'createSession');
    expect(created.body).toMatchObject({ cwd: 'services/api', sessionSettings: settings, serviceCredits: 0 });
    const sessionId = created.body.sessionId;
    expect(created.body.title).toBeUndefined();

    const sent = await app('POST', `/api/v0/sessions/${sessionId}/messages`, { body: { text: 'Fix the flaky   login test\nand explain why it failed' } });
    expect(sent).toEqual({ status: 200, body: { messageId: expect.any(String), status: 'pending' } });
    // The first user message names an untitled session.
    expect((await app('GET', `/api/v0/sessions/${sessionId}`)).body.title).toBe('Fix the flaky login test and explain why it failed');

    // The agent gets the settings and cwd with the claim, answers with usage, and finishes.
    const claim = JSON.parse((await box.claim()).body);
    expect(claim.session).toMatchObject({ sessionId, cwd: 'services/api', sessionSettings: settings });
    const usage = { modelId: 'model-a', modelTier: 'standard', inputTokens: 1000, outputTokens: 200, cacheReadTokens: 0, cacheWriteTokens: 0 };
    for (const text of ['Looking at it', 'Fixed: the test raced the session cookie']) {
      expect((await box.post(sessionId, { role: 'assistant', content: [{ type: 'text', text }], usage }, claim.runId)).statusCode).toBe(201);
    }
    expect((await box.finish(sessionId, claim.runId)).statusCode).toBe(200);

    const session = await app('GET', `/api/v0/sessions/${sessionId}`);
    expectShape(session.body, { ...REMOTE_SESSION, serviceCredits: 'number' }, 'getSession');
    expect(session.body.status).toBe('idle');
    expect(session.body.serviceCredits).toBeGreaterThan(0);
    expect(session.body.serviceCredits).toBe(session.body.sessionSettings.tokenUsage.serviceCredits);

    // role=assistant&limit=100: the newest answer on page one, first.
    const answers = await app('GET', `/api/v0/sessions/${sessionId}/messages`, { query: { role: 'assistant', limit: '100', cursor: undefined } });
    expectPagination(answers.body, 'messages');
    expect(answers.body.messages.map((m: { content: { text: string }[] }) => m.content[0]!.text)).toEqual(['Fixed: the test raced the session cookie', 'Looking at it']);
    answers.body.messages.forEach((m: any, i: number) => m.content.forEach((block: unknown, j: number) => expectBlock(block, `messages[${i}].content[${j}]`)));
    const oldestFirst = await app('GET', `/api/v0/sessions/${sessionId}/messages`, { query: { order: 'asc' } });
    expect(oldestFirst.body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'assistant']);

    // Interrupting an idle session (an empty body with the JSON content type): 200, nothing changes.
    const interrupted = await app('POST', `/api/v0/sessions/${sessionId}/interrupt`);
    expect(interrupted.status).toBe(200);
    expect(interrupted.body).toEqual(session.body);
  });

  it('refuses a setting value the original service does not document, naming the allowed ones (400), on create and update', async () => {
    const bad = await app('POST', '/api/v0/sessions', { body: { sessionSettings: { autonomyLevel: 'maximum' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: 'body/sessionSettings/autonomyLevel', message: 'must be one of: off, low, medium, high' }]);
    const session = (await app('POST', '/api/v0/sessions', { body: {} })).body;
    for (const [field, allowed] of [
      ['interactionMode', 'auto, spec, agi'],
      ['reasoningEffort', 'none, dynamic, off, minimal, low, medium, high, xhigh, max'],
    ] as const) {
      const patched = await app('PATCH', `/api/v0/sessions/${session.sessionId}`, { body: { sessionSettings: { [field]: 'turbo' } } });
      expect(patched.status).toBe(400);
      expect(patched.body.errors).toEqual([{ path: `body/sessionSettings/${field}`, message: `must be one of: ${allowed}` }]);
    }
    const updated = await app('PATCH', `/api/v0/sessions/${session.sessionId}`, { body: { cwd: '/srv/work', sessionSettings: { interactionMode: 'spec' } } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ cwd: '/srv/work', sessionSettings: { interactionMode: 'spec' } });
    expect((await app('PATCH', `/api/v0/sessions/${session.sessionId}`, { body: { cwd: '' } })).status).toBe(400);
  });

  it('lists the sessions started from a session (parentSessionId), newest first; a parent the caller may not see is 404', async () => {
    const parent = (await app('POST', '/api/v0/sessions', { body: { title: 'parent' } })).body;
    const children = [];
    for (const title of ['child one', 'child two']) {
      const child = await app('POST', '/api/v0/sessions', { body: { title, parentSessionId: parent.sessionId } });
      expect(child.status).toBe(201);
      expect(child.body.parentSessionId).toBe(parent.sessionId);
      children.push(child.body.sessionId);
    }
    const listed = await app('GET', `/api/v0/sessions/${parent.sessionId}/children`);
    expect(listed.status).toBe(200);
    expectPagination(listed.body, 'children');
    expect(listed.body.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([children[1], children[0]]);
    expect((await app('GET', `/api/v0/sessions/${children[0]}/children`)).body.sessions).toEqual([]);
    // The owner's session is not the member's to start from, nor to list.
    expect((await sdk('POST', '/api/v0/sessions', { parentSessionId: parent.sessionId }, member.key)).status).toBe(404);
    expect((await sdk('GET', `/api/v0/sessions/${parent.sessionId}/children`, undefined, member.key)).status).toBe(404);
    expect((await app('POST', '/api/v0/sessions', { body: { parentSessionId: 'ses_missing' } })).status).toBe(404);
  });

  it('sends images and files in the shapes clients use and reads them back as image and document blocks', async () => {
    const computer = (await sdk('POST', '/api/v0/computers', { name: 'media box', remoteUser: 'u' })).body;
    const session = (await app('POST', '/api/v0/sessions', { body: { computerId: computer.id, title: 'media' } })).body;
    const sent = await app('POST', `/api/v0/sessions/${session.sessionId}/messages`, {
      body: {
        text: 'What is in these?',
        images: [{ type: 'base64', data: PNG, mediaType: 'image/png' }, { data: GIF }],
        files: [{ type: 'base64', mediaType: 'application/pdf', data: PDF, name: 'spec.pdf' }, { type: 'base64', mediaType: 'text/plain', data: Buffer.from('notes').toString('base64'), name: 'notes.txt' }],
      },
    });
    expect(sent.status).toBe(200);
    const message = (await app('GET', `/api/v0/sessions/${session.sessionId}/messages/${sent.body.messageId}`)).body;
    message.content.forEach((block: unknown, i: number) => expectBlock(block, `content[${i}]`));
    expect(message.content.map((block: { type: string }) => block.type)).toEqual(['text', 'image', 'image', 'document', 'document']);
    expect(message.content[1].source).toEqual({ type: 'base64', data: PNG, mediaType: 'image/png' });
    expect(message.content[2].source).toEqual({ type: 'base64', data: GIF, mediaType: 'image/gif' });
    expect(message.content[3].source).toEqual({ type: 'base64', mediaType: 'application/pdf', data: PDF, name: 'spec.pdf' });

    // The declared type must be what the bytes are.
    const refused = [
      { images: [{ type: 'base64', data: GIF, mediaType: 'image/jpeg' }] },
      { images: [{ type: 'base64', data: Buffer.from('plain text, no image').toString('base64'), mediaType: 'image/png' }] },
      { images: [{ type: 'base64', data: PNG, mediaType: 'image/bmp' }] },
      { files: [{ type: 'base64', mediaType: 'application/pdf', data: PNG, name: 'fake.pdf' }] },
      { files: [{ type: 'base64', mediaType: 'image/png', data: PDF, name: 'fake.png' }] },
    ];
    for (const body of refused) {
      const answer = await app('POST', `/api/v0/sessions/${session.sessionId}/messages`, { body: { text: 'x', ...body } });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    const gifAsJpeg = await app('POST', `/api/v0/sessions/${session.sessionId}/messages`, { body: { text: 'x', images: [{ type: 'base64', data: GIF, mediaType: 'image/jpeg' }] } });
    expect(gifAsJpeg.body.detail).toContain('declared image/jpeg but its bytes are image/gif');
    expect((await app('GET', `/api/v0/sessions/${session.sessionId}`)).body.messageCount).toBe(1);
  });
});

describe('readiness and analytics answers', () => {
  it('takes readiness uploads where newer clients write them, and lists them from both paths', async () => {
    const report = { repoUrl: 'https://github.com/acme/widget', apps: { '.': { description: 'all' } }, report: { lint: { numerator: 1, denominator: 3, rationale: 'one of three' } }, modelUsed: { id: 'model-a', reasoningEffort: 'high' } };
    const uploaded = await app('POST', '/api/organization/agent-readiness-reports', { body: report });
    expect(uploaded.status).toBe(201);
    for (const path of ['/api/organization/agent-readiness-reports', '/api/organization/maturity-level-reports']) {
      const listed = await app('GET', path, { query: { limit: '10' } });
      expect(listed.body.reports.map((r: { reportId: string }) => r.reportId)).toContain(uploaded.body.reportId);
    }
  });

  it('answers ratios without floating-point noise (a median between 0.1 and 0.5 is 0.3, not 0.30000000000000004)', async () => {
    // In binary floating point the interpolation itself is noisy: what the answer must not show.
    expect(0.1 + 0.5 * (0.5 - 0.1)).not.toBe(0.3);
    expect(0.1 + 0.9 * (0.5 - 0.1)).not.toBe(0.46);
    const fresh = await createOrganization(server, 'Ratios');
    const day = daysAgo(1);
    let n = 0;
    const event = (userId: string, type: string, extra: Record<string, unknown> = {}) => ({ id: `r-${++n}`, type, timestamp: `${day}T10:00:00Z`, sessionId: `s-${userId}`, client: 'web', userId, ...extra });
    const events = [];
    // One user at 1 tool call per 10 messages, the other at 5 per 10.
    for (const [user, calls] of [
      [fresh.users.member.id, 1],
      [fresh.users.manager.id, 5],
    ] as const) {
      for (let i = 0; i < 10; i++) events.push(event(user, 'user_message', { autonomyMode: 'auto-low' }));
      for (let i = 0; i < calls; i++) events.push(event(user, 'tool_call', { tool: 'Read', autonomyLevel: 'auto_low' }));
    }
    expect((await postEvents(server, fresh.owner.key, events)).statusCode).toBeLessThan(300);
    await runRollups(server);
    const tools = await server.app.inject({ method: 'GET', url: `/api/v1/analytics/tools?startDate=${day}&endDate=${day}`, headers: { authorization: `Bearer ${fresh.owner.key}` } });
    expect(tools.statusCode).toBe(200);
    const row = tools.json().data[0];
    expect(row).toMatchObject({ autonomy_ratio_p50: 0.3, autonomy_ratio_p90: 0.46, autonomy_ratio_avg: 0.3 });
    // Every number of every analytics answer carries at most 6 decimals.
    const numbers: number[] = [];
    const walk = (value: unknown): void => {
      if (typeof value === 'number') numbers.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    };
    for (const endpoint of ['tokens', 'tools', 'activity', 'productivity', 'users']) {
      walk((await server.app.inject({ method: 'GET', url: `/api/v1/analytics/${endpoint}?startDate=${day}&endDate=${day}`, headers: { authorization: `Bearer ${fresh.owner.key}` } })).json());
    }
    expect(numbers.length).toBeGreaterThan(10);
    for (const value of numbers) expect(Number(value.toFixed(6)), String(value)).toBe(value);
  });
});
