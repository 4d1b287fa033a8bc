import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGERS } from '../../src/domain/roles.js';
import { authMatrix } from '../helpers/auth-matrix.js';
import {
  acceptInvitation,
  addUser,
  auth,
  consoleHeaders,
  createOrganization,
  expectError,
  startTestServer,
  uniqueEmail,
  type TestOrganization,
  type TestServer,
} from '../helpers/server.js';

// Members' lifecycle (docs/members.md): invited until the invitation is accepted, active, then
// deactivated and reactivated; an invitation without an API key; the API-key lifetime cap and the
// keys near expiry.

authMatrix([
  {
    method: 'POST',
    url: async ({ server, org }) => {
      const created = await server.app.inject({ method: 'POST', url: '/api/v0/organization/users', headers: auth(org.owner.key), payload: { email: uniqueEmail('r'), role: 'guest', createApiKey: false } });
      const id = created.json().user.id;
      await server.app.inject({ method: 'DELETE', url: `/api/v0/organization/users/${id}`, headers: auth(org.owner.key) });
      return `/api/v0/organization/users/${id}/reactivate`;
    },
    credentials: 'apiKeyOrJwt',
    roles: MANAGERS,
    foreignUrl: ({ other }) => `/api/v0/organization/users/${other.users.guest.id}/reactivate`,
  },
]);

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server, 'Lifecycle');
});
afterAll(async () => server.close());

const request = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, key: string, payload?: object) =>
  server.app.inject({ method, url, headers: auth(key), ...(payload ? { payload } : {}) });

async function listed(userId: string, o: TestOrganization = org, query = '') {
  let cursor: string | null = null;
  do {
    const body: any = (await request('GET', `/api/v0/organization/users?limit=100${query}${cursor ? `&cursor=${cursor}` : ''}`, o.owner.key)).json();
    const found = body.users.find((user: { id: string }) => user.id === userId);
    if (found) return found;
    cursor = body.pagination.nextCursor;
  } while (cursor);
  return undefined;
}

describe('lifecycle states through the API', () => {
  it('invited (with the invitation expiry) → active on the invitation accepted → deactivated → reactivated', async () => {
    const before = Date.now();
    const caller = await addUser(server, org.owner.key, 'member');
    let user = await listed(caller.id);
    expect(user).toMatchObject({ status: 'invited', active: true, joinedAt: null, deactivatedAt: null });
    expect(user.invitationExpiresAt).toBeGreaterThanOrEqual(before + 7 * 86_400_000 - 1000);

    await acceptInvitation(server, caller);
    user = await listed(caller.id);
    expect(user).toMatchObject({ status: 'active', active: true, deactivatedAt: null, invitationExpiresAt: null });
    expect(user.joinedAt).toBeGreaterThanOrEqual(before);

    expect((await request('DELETE', `/api/v0/organization/users/${caller.id}`, org.owner.key)).statusCode).toBe(204);
    user = await listed(caller.id);
    expect(user).toMatchObject({ status: 'deactivated', active: false });
    expect(user.deactivatedAt).toBeGreaterThanOrEqual(before);

    const reactivated = await request('POST', `/api/v0/organization/users/${caller.id}/reactivate`, org.users.manager.key);
    expect(reactivated.statusCode).toBe(200);
    expect(reactivated.json().user).toMatchObject({ id: caller.id, status: 'active', active: true, deactivatedAt: null, joinedAt: user.joinedAt });
  });

  it('reactivation restores the API keys the deactivation stopped, not the console sessions', async () => {
    const caller = await addUser(server, org.owner.key, 'member');
    const browser = await acceptInvitation(server, caller);
    const session = () => server.app.inject({ method: 'GET', url: '/api/v0/api-keys', headers: consoleHeaders(server, browser, { csrf: false }) });
    expect((await request('GET', '/api/v0/api-keys', caller.key)).statusCode).toBe(200);
    expect((await session()).statusCode).toBe(200);
    await request('DELETE', `/api/v0/organization/users/${caller.id}`, org.owner.key);
    expectError(await request('GET', '/api/v0/api-keys', caller.key), 401);
    expectError(await session(), 401);
    await request('POST', `/api/v0/organization/users/${caller.id}/reactivate`, org.owner.key);
    expect((await request('GET', '/api/v0/api-keys', caller.key)).statusCode).toBe(200);
    expectError(await session(), 401);
  });

  it('a key revoked before the deactivation stays revoked after the reactivation', async () => {
    const caller = await addUser(server, org.owner.key, 'member');
    const extra = (await request('POST', '/api/v0/api-keys', caller.key, { name: 'extra' })).json();
    await request('DELETE', `/api/v0/api-keys/${extra.id}`, caller.key);
    await request('DELETE', `/api/v0/organization/users/${caller.id}`, org.owner.key);
    await request('POST', `/api/v0/organization/users/${caller.id}/reactivate`, org.owner.key);
    expectError(await request('GET', '/api/v0/api-keys', extra.key), 401);
    expect((await request('GET', '/api/v0/api-keys', caller.key)).statusCode).toBe(200);
  });

  it('shows an expired invitation as such and a new one replaces it', async () => {
    const caller = await addUser(server, org.owner.key, 'guest');
    await server.store.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', caller.id).execute();
    const user = await listed(caller.id);
    expect(user.status).toBe('invited');
    expect(user.invitationExpiresAt).toBeLessThan(Date.now());
    const reissued = await request('POST', `/api/v0/organization/users/${caller.id}/invite`, org.owner.key);
    expect(reissued.statusCode).toBe(201);
    expect((await listed(caller.id)).invitationExpiresAt).toBe(reissued.json().expiresAt);
  });

  it('filters the list by status, each status its own list', async () => {
    const fresh = await createOrganization(server, 'Statuses');
    await acceptInvitation(server, fresh.users.manager);
    await request('DELETE', `/api/v0/organization/users/${fresh.users.guest.id}`, fresh.owner.key);
    const ids = async (status: string) => ((await request('GET', `/api/v0/organization/users?status=${status}`, fresh.owner.key)).json().users as { id: string; status: string }[]).map((user) => [user.id, user.status]);
    expect(await ids('active')).toEqual([[fresh.users.manager.id, 'active']]);
    expect(await ids('deactivated')).toEqual([[fresh.users.guest.id, 'deactivated']]);
    expect((await ids('invited')).map(([id]) => id).sort()).toEqual([fresh.owner.id, fresh.users.member.id].sort());
    expectError(await request('GET', '/api/v0/organization/users?status=Active', fresh.owner.key), 400);
    expectError(await request('GET', '/api/v0/organization/users?status=gone', fresh.owner.key), 400);
    const page = (await request('GET', '/api/v0/organization/users?status=invited&limit=1', fresh.owner.key)).json();
    expectError(await request('GET', `/api/v0/organization/users?cursor=${page.pagination.nextCursor}`, fresh.owner.key), 400);
  });

  it('reactivation: only an owner brings back an owner; unknown and foreign ids are 404', async () => {
    const secondOwner = await addUser(server, org.owner.key, 'owner');
    await request('DELETE', `/api/v0/organization/users/${secondOwner.id}`, org.owner.key);
    expectError(await request('POST', `/api/v0/organization/users/${secondOwner.id}/reactivate`, org.users.manager.key), 403);
    expect((await listed(secondOwner.id)).status).toBe('deactivated');
    expect((await request('POST', `/api/v0/organization/users/${secondOwner.id}/reactivate`, org.owner.key)).statusCode).toBe(200);
    expectError(await request('POST', '/api/v0/organization/users/usr_unknown/reactivate', org.owner.key), 404);
    const other = await createOrganization(server, 'Elsewhere');
    expectError(await request('POST', `/api/v0/organization/users/${other.users.member.id}/reactivate`, org.owner.key), 404);
  });
});

describe('an invitation without an API key', () => {
  it('createApiKey false answers apiKey null and creates no key', async () => {
    const response = await request('POST', '/api/v0/organization/users', org.owner.key, { email: uniqueEmail('nokey'), role: 'member', createApiKey: false });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.apiKey).toBeNull();
    expect(body.inviteUrl).toMatch(/\/invite\/qdi_/);
    const keys = await server.store.db.selectFrom('api_keys').select('id').where('user_id', '=', body.user.id).execute();
    expect(keys).toEqual([]);
  });

  it('keeps the initial key by default, and validates createApiKey', async () => {
    const response = await request('POST', '/api/v0/organization/users', org.owner.key, { email: uniqueEmail('key'), role: 'member', createApiKey: true });
    expect(response.json().apiKey).toMatch(/^qd_/);
    for (const value of ['yes', 1, null]) expectError(await request('POST', '/api/v0/organization/users', org.owner.key, { email: uniqueEmail('bad'), role: 'member', createApiKey: value }), 400);
  });
});

describe('API-key lifetime cap (apiKeyMaxLifetimeDays)', () => {
  const DAY = 86_400_000;
  let capped: TestOrganization;
  beforeAll(async () => {
    capped = await createOrganization(server, 'Capped');
    expect((await request('PATCH', '/api/v0/organization/enterprise-controls', capped.owner.key, { apiKeyMaxLifetimeDays: 30 })).statusCode).toBe(200);
  });

  it('gives a key without expiry the cap, personal and ingest', async () => {
    for (const kind of ['personal', 'ingest']) {
      const before = Date.now();
      const key = (await request('POST', '/api/v0/api-keys', capped.owner.key, { name: 'capped', kind })).json();
      expect(key.expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY);
      expect(key.expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    }
  });

  it('refuses a key beyond the cap (400, clear detail), personal and ingest; one within it stands', async () => {
    for (const kind of ['personal', 'ingest']) {
      const refused = expectError(await request('POST', '/api/v0/api-keys', capped.owner.key, { name: 'long', kind, expiresAt: Date.now() + 31 * DAY }), 400);
      expect(refused.detail).toMatch(/lifetime cap of 30 days/);
      expect(refused.errors).toEqual([{ path: 'body/expiresAt', message: expect.any(String) }]);
    }
    const within = Date.now() + 10 * DAY;
    expect((await request('POST', '/api/v0/api-keys', capped.owner.key, { name: 'short', expiresAt: within })).json().expiresAt).toBe(within);
  });

  it("caps a new member's initial key", async () => {
    const body = (await request('POST', '/api/v0/organization/users', capped.owner.key, { email: uniqueEmail('capped'), role: 'member' })).json();
    const keys = (await request('GET', '/api/v0/api-keys', body.apiKey)).json().apiKeys;
    expect(keys[0].expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    expect(keys[0].expiresAt).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it('leaves keys alone without the setting', async () => {
    expect((await request('POST', '/api/v0/api-keys', org.owner.key, { name: 'forever' })).json().expiresAt).toBeNull();
    expect((await request('POST', '/api/v0/api-keys', org.owner.key, { name: 'far', expiresAt: Date.now() + 4000 * DAY })).statusCode).toBe(201);
  });

  it('validates the setting', async () => {
    for (const value of [0, 3651, 2.5, '30', true]) {
      expectError(await request('PATCH', '/api/v0/organization/enterprise-controls', capped.owner.key, { apiKeyMaxLifetimeDays: value }), 400);
    }
  });
});

describe('keys near expiry (expiringWithinDays)', () => {
  it('lists the working keys that expire within the days, the caller’s own for a member', async () => {
    const fresh = await createOrganization(server, 'Expiring');
    const DAY = 86_400_000;
    const soon = (await request('POST', '/api/v0/api-keys', fresh.owner.key, { name: 'soon', expiresAt: Date.now() + 2 * DAY })).json();
    await request('POST', '/api/v0/api-keys', fresh.owner.key, { name: 'later', expiresAt: Date.now() + 60 * DAY });
    const memberSoon = (await request('POST', '/api/v0/api-keys', fresh.users.member.key, { name: 'member-soon', expiresAt: Date.now() + DAY })).json();
    const lapsed = (await request('POST', '/api/v0/api-keys', fresh.owner.key, { name: 'lapsed', expiresAt: Date.now() + DAY })).json();
    await server.store.db.updateTable('api_keys').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', lapsed.id).execute();

    const names = async (key: string, days: number) => ((await request('GET', `/api/v0/api-keys?expiringWithinDays=${days}`, key)).json().apiKeys as { name: string }[]).map((k) => k.name).sort();
    expect(await names(fresh.owner.key, 7)).toEqual(['member-soon', 'soon']);
    expect(await names(fresh.owner.key, 90)).toEqual(['later', 'member-soon', 'soon']);
    expect(await names(fresh.users.member.key, 7)).toEqual(['member-soon']);
    expect(soon.id && memberSoon.id).toBeTruthy();
    for (const days of ['0', '3651', 'week', '1.5']) expectError(await request('GET', `/api/v0/api-keys?expiringWithinDays=${days}`, fresh.owner.key), 400);
    const page = (await request('GET', '/api/v0/api-keys?expiringWithinDays=90&limit=1', fresh.owner.key)).json();
    expectError(await request('GET', `/api/v0/api-keys?cursor=${page.pagination.nextCursor}`, fresh.owner.key), 400);
  });
});
