import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, expectError, json, type TestOrganization, type TestServer, startTestServer, addUser, type Caller } from '../helpers/server.js';
import { agent, call, registerComputer, setControls } from './fixtures.js';

// Computers (decisions.md §7): registration, reading, updating, the install-deps retry, the
// provisioning steps an agent reports, and the computer controls of the organization.

let server: TestServer;
let org: TestOrganization;
let secondMember: Caller;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server);
  secondMember = await addUser(server, org.owner.key, 'member');
});
afterAll(async () => server?.close());

const HOST_ID = '6f1c2b1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('POST /api/v0/computers', () => {
  it('registers a computer with its token, two pending steps and status provisioning', async () => {
    const response = await call(server, org.users.member.key, 'POST', '/api/v0/computers', { name: 'dev-box', providerType: 'byom', hostname: 'dev.local', remoteUser: 'ubuntu', hostId: HOST_ID });
    expect(response.statusCode).toBe(201);
    const body = json(response);
    expect(body.computerToken).toMatch(/^qdc_[\w-]{43}$/);
    expect(body).toMatchObject({ name: 'dev-box', providerType: 'byom', hostname: 'dev.local', remoteUser: 'ubuntu', hostId: HOST_ID, status: 'provisioning', ownerPrincipalKind: 'user', ownerId: org.users.member.id });
    expect(body.id).toMatch(/^cmp_/);
    expect(typeof body.createdAt).toBe('number');
    expect(body.provisioningSteps).toEqual([
      { id: 'connect', name: expect.any(String), status: 'pending' },
      { id: 'install-deps', name: expect.any(String), status: 'pending' },
    ]);
    // The token is shown once: reads never carry it, and only its hash is stored.
    const read = json(await call(server, org.users.member.key, 'GET', `/api/v0/computers/${body.id}`));
    expect(read).not.toHaveProperty('computerToken');
    const stored = await server.store.db.selectFrom('computers').select('token_hash').where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(body.computerToken);
  });

  it('validates the body (400) and writes nothing', async () => {
    const before = (await server.store.db.selectFrom('computers').select('id').execute()).length;
    for (const payload of [
      {},
      { name: 'x', providerType: 'cloud' },
      { name: '', providerType: 'byom' },
      { name: 'x'.repeat(64), providerType: 'byom' },
      { name: 'x', providerType: 'byom', remoteUser: 'u'.repeat(64) },
      { name: 'x', providerType: 'byom', remoteUser: '' },
      { name: 'x', providerType: 'byom', hostId: 'not-a-uuid' },
      { name: 'x', providerType: 'BYOM' },
      { name: 'x', providerType: 'byom', status: 'active' },
      { name: 5, providerType: 'byom' },
    ]) {
      expectError(await call(server, org.owner.key, 'POST', '/api/v0/computers', payload), 400);
    }
    expect((await server.store.db.selectFrom('computers').select('id').execute()).length).toBe(before);
  });

  it('accepts names and remote users of exactly 63 characters', async () => {
    const response = await call(server, org.owner.key, 'POST', '/api/v0/computers', { name: 'n'.repeat(63), providerType: 'hosted', remoteUser: 'r'.repeat(63) });
    expect(response.statusCode).toBe(201);
  });

  it('enforces the computer controls: disabled provider types and e-mail lists are 403', async () => {
    const controlled = await createOrganization(server, 'Controlled');
    await setControls(server, controlled, { managedComputersEnabled: false, byomComputersAllowedEmails: [controlled.users.manager.email.toUpperCase()] });
    expectError(await call(server, controlled.owner.key, 'POST', '/api/v0/computers', { name: 'h', providerType: 'hosted' }), 403);
    expectError(await call(server, controlled.owner.key, 'POST', '/api/v0/computers', { name: 'b', providerType: 'byom' }), 403);
    expect((await call(server, controlled.users.manager.key, 'POST', '/api/v0/computers', { name: 'b', providerType: 'byom' })).statusCode).toBe(201);
  });
});

describe('reading computers', () => {
  it('lets a member see only its own computers; owner and manager see all (others are 404)', async () => {
    const mine = await registerComputer(server, secondMember.key, { name: 'mine' });
    const theirs = await registerComputer(server, org.users.member.key, { name: 'theirs' });
    const listed = json(await call(server, secondMember.key, 'GET', '/api/v0/computers'));
    expect(listed.computers.map((c: { id: string }) => c.id)).toEqual([mine.id]);
    expectError(await call(server, secondMember.key, 'GET', `/api/v0/computers/${theirs.id}`), 404);
    expectError(await call(server, secondMember.key, 'PATCH', `/api/v0/computers/${theirs.id}`, { name: 'stolen' }), 404);
    expectError(await call(server, secondMember.key, 'POST', `/api/v0/computers/${theirs.id}/install-deps`), 404);
    for (const role of ['owner', 'manager'] as const) {
      expect(json(await call(server, org.users[role].key, 'GET', `/api/v0/computers/${theirs.id}`)).name).toBe('theirs');
    }
    expectError(await call(server, org.owner.key, 'GET', '/api/v0/computers/cmp_unknown'), 404);
  });

  it('pages the list with the v0 pagination, oldest first', async () => {
    const pager = await addUser(server, org.owner.key, 'member');
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push((await registerComputer(server, pager.key, { name: `p${i}` })).id);
    const first = json(await call(server, pager.key, 'GET', '/api/v0/computers?limit=2'));
    expect(first.computers.map((c: { id: string }) => c.id)).toEqual(ids.slice(0, 2));
    expect(first.pagination.hasMore).toBe(true);
    const second = json(await call(server, pager.key, 'GET', `/api/v0/computers?limit=2&cursor=${first.pagination.nextCursor}`));
    expect(second.computers.map((c: { id: string }) => c.id)).toEqual(ids.slice(2, 4));
    const last = json(await call(server, pager.key, 'GET', `/api/v0/computers?limit=2&cursor=${second.pagination.nextCursor}`));
    expect(last).toMatchObject({ computers: [{ id: ids[4] }], pagination: { hasMore: false, nextCursor: null } });
    expectError(await call(server, pager.key, 'GET', '/api/v0/computers?cursor=garbage'), 400);
    expectError(await call(server, pager.key, 'GET', '/api/v0/computers?limit=101'), 400);
  });
});

describe('PATCH /api/v0/computers/{id}', () => {
  it('updates exactly name, hostId and remoteUser', async () => {
    const computer = await registerComputer(server, org.users.member.key);
    const response = await call(server, org.users.member.key, 'PATCH', `/api/v0/computers/${computer.id}`, { name: 'renamed', hostId: HOST_ID, remoteUser: 'root' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ id: computer.id, name: 'renamed', hostId: HOST_ID, remoteUser: 'root', providerType: 'byom' });
    const partial = json(await call(server, org.users.member.key, 'PATCH', `/api/v0/computers/${computer.id}`, { remoteUser: 'dev' }));
    expect(partial).toMatchObject({ name: 'renamed', remoteUser: 'dev' });
  });

  it('answers 400 to anything else, and to bad lengths or formats', async () => {
    const computer = await registerComputer(server, org.owner.key);
    for (const payload of [{ hostname: 'x' }, { providerType: 'hosted' }, { name: '' }, { name: 'x'.repeat(64) }, { hostId: 'abc' }, { remoteUser: 'r'.repeat(64) }, { status: 'active' }]) {
      expectError(await call(server, org.owner.key, 'PATCH', `/api/v0/computers/${computer.id}`, payload), 400);
    }
    expect(json(await call(server, org.owner.key, 'GET', `/api/v0/computers/${computer.id}`)).name).toBe('box');
  });
});

describe('provisioning and install-deps', () => {
  it('derives the status from the steps the agent reports and retries install-deps once finished', async () => {
    const computer = await registerComputer(server, org.users.member.key);
    const box = agent(server, computer.token);
    const url = `/api/v0/computers/${computer.id}/install-deps`;
    // Pending: no retry yet.
    expectError(await call(server, org.users.member.key, 'POST', url), 409);

    const connecting = json(await box.step('connect', { status: 'running' }));
    expect(connecting.computer.provisioningSteps[0]).toMatchObject({ status: 'running', startedAt: expect.any(Number) });
    expect(connecting.computer.status).toBe('provisioning');
    await box.step('connect', { status: 'completed' });
    await box.step('install-deps', { status: 'running' });
    expectError(await call(server, org.users.member.key, 'POST', url), 409);

    const failed = json(await box.step('install-deps', { status: 'failed', error: 'apt-get exited 100' }));
    expect(failed.computer.status).toBe('error');
    expect(failed.computer.provisioningSteps[1]).toMatchObject({ status: 'failed', error: 'apt-get exited 100', startedAt: expect.any(Number), completedAt: expect.any(Number) });

    const retried = await call(server, org.users.member.key, 'POST', url);
    expect(retried.statusCode).toBe(202);
    const step = json(retried).provisioningSteps[1];
    expect(step.status).toBe('running');
    expect(step).not.toHaveProperty('completedAt');
    expect(step).not.toHaveProperty('error');
    expect(step.startedAt).toBeGreaterThanOrEqual(failed.computer.provisioningSteps[1].startedAt);
    expect(json(retried).status).toBe('provisioning');

    const done = json(await box.step('install-deps', { status: 'completed' }));
    expect(done.computer.status).toBe('active');
    // Completed can be retried too.
    expect((await call(server, org.users.member.key, 'POST', url)).statusCode).toBe(202);
  });

  it('answers 409 to illegal step transitions, 404 to unknown steps and 400 to bad reports', async () => {
    const computer = await registerComputer(server, org.owner.key);
    const box = agent(server, computer.token);
    expectError(await box.step('connect', { status: 'pending' }), 409);
    expect((await box.step('connect', { status: 'running' })).statusCode).toBe(200);
    expectError(await box.step('connect', { status: 'running' }), 409);
    expectError(await box.step('connect', { status: 'pending' }), 409);
    expect((await box.step('connect', { status: 'completed' })).statusCode).toBe(200);
    expectError(await box.step('connect', { status: 'completed' }), 409);
    expectError(await box.step('connect', { status: 'failed' }), 409);
    expectError(await box.step('no-such-step', { status: 'running' }), 404);
    expectError(await box.step('install-deps', { status: 'done' }), 400);
    expectError(await box.step('install-deps', { status: 'running', error: 'not failed' }), 400);
    expectError(await box.step('install-deps', { status: 'failed', extra: 1 }), 400);
    // Nothing changed by the refused reports.
    const steps = json(await box.heartbeat()).computer.provisioningSteps;
    expect(steps.map((s: { status: string }) => s.status)).toEqual(['completed', 'pending']);
  });

  it('keeps one computer agent from touching another computer', async () => {
    const a = await registerComputer(server, org.owner.key);
    const b = await registerComputer(server, org.owner.key);
    await agent(server, a.token).step('connect', { status: 'running' });
    const other = json(await agent(server, b.token).heartbeat());
    expect(other.computer.id).toBe(b.id);
    expect(other.computer.provisioningSteps[0].status).toBe('pending');
  });
});
