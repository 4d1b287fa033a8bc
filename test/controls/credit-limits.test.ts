import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertUnderCreditLimit } from '../../src/repositories/credit-limits.js';
import { addUser, auth, createOrganization, expectError, startTestServer, useCredits, type TestOrganization, type TestServer } from '../helpers/server.js';

// Credit limits (decisions.md §9): per-user overrides in bulk, the global limit, and what is used.

const USERS = '/api/v0/organization/usage/limits/users';
const GLOBAL = '/api/v0/organization/usage/limits/global';

let server: TestServer;
let org: TestOrganization;
let other: TestOrganization;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server);
  other = await createOrganization(server, 'Other');
});
afterAll(async () => server?.close());

const putUsers = (payload: unknown, key = org.owner.key) => server.app.inject({ method: 'PUT', url: USERS, headers: auth(key), payload: payload as object });
const getUsers = async (key = org.owner.key) => (await server.app.inject({ method: 'GET', url: USERS, headers: auth(key) })).json();

describe('PUT users', () => {
  it('sets limits by e-mail (case-insensitively, echoed as sent) and reports per-entry errors', async () => {
    const member = org.users.member;
    const response = await putUsers({
      users: [
        { email: member.email.toUpperCase(), limit: 100 },
        { email: org.users.guest.email, limit: 0 },
        { email: 'nobody@example.test', limit: 5 },
        { email: other.users.member.email, limit: 5 },
        { email: org.users.manager.email, limit: -1 },
        { email: member.email, limit: 7 },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      updated: [
        { email: member.email.toUpperCase(), limit: 100 },
        { email: org.users.guest.email, limit: 0 },
      ],
      errors: [
        { email: 'nobody@example.test', error: 'not an active user of this organization' },
        { email: other.users.member.email, error: 'not an active user of this organization' },
        { email: org.users.manager.email, error: 'limit must be an integer >= 0, or null to remove the limit' },
        { email: member.email, error: 'repeats the e-mail of an earlier entry' },
      ],
    });
    const listed = await getUsers();
    expect(listed.globalLimit).toBeNull();
    expect(listed.userLimits).toEqual(
      [
        { email: member.email, limit: 100, used: 0 },
        { email: org.users.guest.email, limit: 0, used: 0 },
      ].sort((a, b) => (a.email < b.email ? -1 : 1)),
    );
    // Another organization sees none of it.
    expect(await getUsers(other.owner.key)).toEqual({ globalLimit: null, userLimits: [] });
  });

  it('null removes an override; a deactivated user is an entry error', async () => {
    const extra = await addUser(server, org.owner.key, 'member');
    expect((await putUsers({ users: [{ email: extra.email, limit: 3 }] })).json().updated).toEqual([{ email: extra.email, limit: 3 }]);
    expect((await getUsers()).userLimits.map((entry: { email: string }) => entry.email)).toContain(extra.email);
    expect((await putUsers({ users: [{ email: extra.email, limit: null }] })).json()).toEqual({ updated: [{ email: extra.email, limit: null }], errors: [] });
    expect((await getUsers()).userLimits.map((entry: { email: string }) => entry.email)).not.toContain(extra.email);
    await server.app.inject({ method: 'DELETE', url: `/api/v0/organization/users/${extra.id}`, headers: auth(org.owner.key) });
    expect((await putUsers({ users: [{ email: extra.email, limit: 3 }] })).json().errors).toEqual([{ email: extra.email, error: 'not an active user of this organization' }]);
  });

  it('answers 400 for the whole request on schema errors, writing nothing', async () => {
    const before = await getUsers();
    const many = Array.from({ length: 101 }, (_, i) => ({ email: `u${i}@example.test`, limit: 1 }));
    const bad: unknown[] = [
      {},
      { users: [] },
      { users: many },
      { users: [{ email: org.users.member.email, limit: 1 }, { email: 'not-an-email', limit: 1 }] },
      { users: [{ email: org.users.member.email, limit: 1.5 }] },
      { users: [{ email: org.users.member.email, limit: '5' }] },
      { users: [{ email: org.users.member.email }] },
      { users: [{ email: org.users.member.email, limit: 1, extra: true }] },
      { users: [{ email: org.users.member.email, limit: 1 }], extra: true },
    ];
    for (const payload of bad) expectError(await putUsers(payload), 400);
    expect(await getUsers()).toEqual(before);
  });

  it('accepts exactly 100 entries', async () => {
    const entries = Array.from({ length: 100 }, () => ({ email: org.users.manager.email, limit: 9 }));
    const body = (await putUsers({ users: entries })).json();
    expect(body.updated).toHaveLength(1);
    expect(body.errors).toHaveLength(99);
  });
});

describe('GET users', () => {
  it('reports the credits used this month, from the usage counter', async () => {
    const fresh = await createOrganization(server, 'Usage');
    await putUsers({ users: [{ email: fresh.users.member.email, limit: 50 }] }, fresh.owner.key);
    await useCredits(server, fresh.id, fresh.users.member.id, 12.5);
    await useCredits(server, fresh.id, fresh.users.member.id, 20);
    expect((await getUsers(fresh.owner.key)).userLimits).toEqual([{ email: fresh.users.member.email, limit: 50, used: 32.5 }]);
  });
});

describe('global limit', () => {
  it('is null by default, can be set, replaced and removed, and applies to users without an override', async () => {
    const fresh = await createOrganization(server, 'Global');
    const get = async () => (await server.app.inject({ method: 'GET', url: GLOBAL, headers: auth(fresh.users.manager.key) })).json();
    const put = (payload: unknown) => server.app.inject({ method: 'PUT', url: GLOBAL, headers: auth(fresh.owner.key), payload: payload as object });
    expect(await get()).toEqual({ limit: null });
    expect((await put({ limit: 10 })).json()).toEqual({ limit: 10 });
    expect((await put({ limit: 20 })).json()).toEqual({ limit: 20 });
    expect(await get()).toEqual({ limit: 20 });
    expect((await getUsers(fresh.owner.key)).globalLimit).toBe(20);
    await useCredits(server, fresh.id, fresh.users.guest.id, 20);
    await expect(assertUnderCreditLimit(server.store.db, fresh.id, fresh.users.guest.id)).rejects.toMatchObject({ code: 'credit_limit_reached' });
    expect((await put({ limit: null })).json()).toEqual({ limit: null });
    expect(await get()).toEqual({ limit: null });
    await expect(assertUnderCreditLimit(server.store.db, fresh.id, fresh.users.guest.id)).resolves.toBeUndefined();
    for (const payload of [{}, { limit: -1 }, { limit: 1.5 }, { limit: '3' }, { limit: 1, extra: 1 }]) expectError(await put(payload), 400);
    expect(await get()).toEqual({ limit: null });
  });
});
