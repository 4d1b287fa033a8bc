import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, addUser, auth, createOrganization, expectError, startTestServer, uniqueEmail, type TestOrganization, type TestServer } from '../helpers/server.js';

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
});
afterAll(async () => server.close());

const request = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, key: string, payload?: object) =>
  server.app.inject({ method, url, headers: auth(key), ...(payload ? { payload } : {}) });

describe('GET /api/v0/organization/users', () => {
  it('pages through every user with an opaque cursor', async () => {
    const fresh = await createOrganization(server, 'Paging');
    for (let i = 0; i < 3; i++) await addUser(server, fresh.owner.key, 'member');
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await request('GET', `/api/v0/organization/users?limit=2${cursor ? `&cursor=${cursor}` : ''}`, fresh.owner.key);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.users.length).toBeLessThanOrEqual(2);
      seen.push(...body.users.map((u: { id: string }) => u.id));
      expect(body.pagination.hasMore).toBe(body.pagination.nextCursor !== null);
      cursor = body.pagination.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect([...seen].sort()).toEqual(seen);
  });

  it('defaults to 20 per page and rejects limits outside 1-100', async () => {
    const response = await request('GET', '/api/v0/organization/users', org.owner.key);
    expect(response.json().pagination).toEqual({ hasMore: false, nextCursor: null });
    for (const limit of ['0', '101', 'ten', '1.5']) expectError(await request('GET', `/api/v0/organization/users?limit=${limit}`, org.owner.key), 400);
  });

  it('rejects malformed cursors and cursors from another list or organization', async () => {
    expectError(await request('GET', '/api/v0/organization/users?cursor=%%%', org.owner.key), 400);
    expectError(await request('GET', '/api/v0/organization/users?cursor=bm90LWpzb24', org.owner.key), 400);
    const keys = await request('POST', '/api/v0/api-keys', org.owner.key, { name: 'a' });
    await request('POST', '/api/v0/api-keys', org.owner.key, { name: 'b' });
    expect(keys.statusCode).toBe(201);
    const keyPage = (await request('GET', '/api/v0/api-keys?limit=1', org.owner.key)).json();
    expectError(await request('GET', `/api/v0/organization/users?cursor=${keyPage.pagination.nextCursor}`, org.owner.key), 400);
    const other = await createOrganization(server, 'Other');
    const otherPage = (await request('GET', '/api/v0/organization/users?limit=1', other.owner.key)).json();
    expectError(await request('GET', `/api/v0/organization/users?cursor=${otherPage.pagination.nextCursor}`, org.owner.key), 400);
  });
});

describe('POST /api/v0/organization/users', () => {
  it('adds a user with a working initial key', async () => {
    const response = await request('POST', '/api/v0/organization/users', org.users.manager.key, { email: 'New.Person@Example.test', name: 'New Person', role: 'member' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toEqual({
      id: expect.stringMatching(/^usr_/),
      email: 'New.Person@Example.test',
      name: 'New Person',
      role: 'member',
      createdAt: expect.any(Number),
      active: true,
      status: 'invited',
      joinedAt: null,
      deactivatedAt: null,
      invitationExpiresAt: expect.any(Number),
      lastSignInAt: null,
    });
    const keys = await request('GET', '/api/v0/api-keys', body.apiKey);
    expect(keys.statusCode).toBe(200);
    expect(keys.json().apiKeys).toHaveLength(1);
  });

  it('treats e-mail addresses case-insensitively: a duplicate is 409', async () => {
    const email = uniqueEmail('dup');
    expect((await request('POST', '/api/v0/organization/users', org.owner.key, { email, role: 'guest' })).statusCode).toBe(201);
    expectError(await request('POST', '/api/v0/organization/users', org.owner.key, { email: email.toUpperCase(), role: 'guest' }), 409);
  });

  it('lets only an owner grant the owner role', async () => {
    expectError(await request('POST', '/api/v0/organization/users', org.users.manager.key, { email: uniqueEmail('o'), role: 'owner' }), 403);
    expect((await request('POST', '/api/v0/organization/users', org.owner.key, { email: uniqueEmail('o'), role: 'owner' })).statusCode).toBe(201);
  });

  it('validates the body', async () => {
    expectError(await request('POST', '/api/v0/organization/users', org.owner.key, { email: uniqueEmail('x'), role: 'admin' }), 400);
    expectError(await request('POST', '/api/v0/organization/users', org.owner.key, { email: uniqueEmail('x'), role: 'Member' }), 400);
    expectError(await request('POST', '/api/v0/organization/users', org.owner.key, { role: 'member' }), 400);
    expectError(await request('POST', '/api/v0/organization/users', org.owner.key, { email: uniqueEmail('x'), role: 'member', id: 'usr_1' }), 400);
  });
});

describe('PATCH /api/v0/organization/users/{userId}', () => {
  it('changes role and name', async () => {
    const user = await addUser(server, org.owner.key, 'guest');
    const response = await request('PATCH', `/api/v0/organization/users/${user.id}`, org.users.manager.key, { role: 'member', name: 'Pat' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: user.id, role: 'member', name: 'Pat' });
    const cleared = await request('PATCH', `/api/v0/organization/users/${user.id}`, org.owner.key, { name: null });
    expect(cleared.json().user.name).toBeNull();
  });

  it('applies a role change to the very next request', async () => {
    const user = await addUser(server, org.owner.key, 'manager');
    expect((await request('GET', '/api/v0/organization/users', user.key)).statusCode).toBe(200);
    await request('PATCH', `/api/v0/organization/users/${user.id}`, org.owner.key, { role: 'member' });
    expectError(await request('GET', '/api/v0/organization/users', user.key), 403);
  });

  it('keeps owners under owner control and at least one owner', async () => {
    const fresh = await createOrganization(server, 'Owners');
    expectError(await request('PATCH', `/api/v0/organization/users/${fresh.owner.id}`, fresh.users.manager.key, { name: 'x' }), 403);
    expectError(await request('PATCH', `/api/v0/organization/users/${fresh.users.member.id}`, fresh.users.manager.key, { role: 'owner' }), 403);
    expectError(await request('PATCH', `/api/v0/organization/users/${fresh.owner.id}`, fresh.owner.key, { role: 'manager' }), 409);
    const second = await request('PATCH', `/api/v0/organization/users/${fresh.users.member.id}`, fresh.owner.key, { role: 'owner' });
    expect(second.statusCode).toBe(200);
    expect((await request('PATCH', `/api/v0/organization/users/${fresh.owner.id}`, fresh.owner.key, { role: 'manager' })).statusCode).toBe(200);
  });

  it('answers 404 for unknown users and 400 for bad bodies', async () => {
    expectError(await request('PATCH', '/api/v0/organization/users/usr_nope', org.owner.key, { name: 'x' }), 404);
    expectError(await request('PATCH', `/api/v0/organization/users/${org.users.guest.id}`, org.owner.key, { role: 'root' }), 400);
    expectError(await request('PATCH', `/api/v0/organization/users/${org.users.guest.id}`, org.owner.key, { email: 'x@y.test' }), 400);
  });
});

describe('DELETE /api/v0/organization/users/{userId}', () => {
  it('deactivates the user: its keys and tokens stop working on the next request', async () => {
    const user = await addUser(server, org.owner.key, 'member');
    const token = await accessToken(server, user.key);
    expect((await request('GET', '/api/v0/api-keys', token)).statusCode).toBe(200);
    const response = await request('DELETE', `/api/v0/organization/users/${user.id}`, org.users.manager.key);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expectError(await request('GET', '/api/v0/api-keys', user.key), 401);
    expectError(await request('GET', '/api/v0/api-keys', token), 401);
    const listed = (await request('GET', '/api/v0/organization/users?limit=100', org.owner.key)).json().users.find((u: { id: string }) => u.id === user.id);
    expect(listed.active).toBe(false);
    expect((await request('DELETE', `/api/v0/organization/users/${user.id}`, org.owner.key)).statusCode).toBe(204);
    expectError(await request('PATCH', `/api/v0/organization/users/${user.id}`, org.owner.key, { name: 'x' }), 409);
  });

  it('never removes the last owner, and a manager never removes an owner', async () => {
    const fresh = await createOrganization(server, 'Last owner');
    expectError(await request('DELETE', `/api/v0/organization/users/${fresh.owner.id}`, fresh.users.manager.key), 403);
    expectError(await request('DELETE', `/api/v0/organization/users/${fresh.owner.id}`, fresh.owner.key), 409);
    expect((await request('GET', '/api/v0/organization/users', fresh.owner.key)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    expectError(await request('DELETE', '/api/v0/organization/users/usr_missing', org.owner.key), 404);
  });
});
