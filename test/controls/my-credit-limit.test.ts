import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createOrganization, expectError, startTestServer, useCredits, type TestOrganization, type TestServer } from '../helpers/server.js';

// GET /api/v0/organization/usage/limits/me: every role reads its own effective limit and usage,
// and only its own.

const ME = '/api/v0/organization/usage/limits/me';
const month = new Date().toISOString().slice(0, 7);

let server: TestServer;
let org: TestOrganization;
let other: TestOrganization;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server);
  other = await createOrganization(server, 'Other');
});
afterAll(async () => server?.close());

const mine = async (key: string) => {
  const response = await server.app.inject({ method: 'GET', url: ME, headers: auth(key) });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const setGlobal = (limit: number | null) => server.app.inject({ method: 'PUT', url: '/api/v0/organization/usage/limits/global', headers: auth(org.owner.key), payload: { limit } });
const setOverride = (email: string, limit: number | null) =>
  server.app.inject({ method: 'PUT', url: '/api/v0/organization/usage/limits/users', headers: auth(org.owner.key), payload: { users: [{ email, limit }] } });

describe('GET limits/me', () => {
  it('answers nulls without a limit, then the global limit, then the own override over it', async () => {
    const { member, guest } = org.users;
    expect(await mine(member.key)).toEqual({ limit: null, used: 0, remaining: null, month, percent: null });
    await useCredits(server, org.id, member.id, 250);
    expect((await setGlobal(1000)).statusCode).toBe(200);
    expect(await mine(member.key)).toEqual({ limit: 1000, used: 250, remaining: 750, month, percent: 25 });
    expect(await mine(guest.key)).toEqual({ limit: 1000, used: 0, remaining: 1000, month, percent: 0 });
    expect((await setOverride(member.email, 300)).statusCode).toBe(200);
    expect(await mine(member.key)).toEqual({ limit: 300, used: 250, remaining: 50, month, percent: 83.3 });
  });

  it('never answers a negative remainder, and 100 % for a limit of 0', async () => {
    const { manager, guest } = org.users;
    await useCredits(server, org.id, manager.id, 40);
    await setOverride(manager.email, 30);
    expect(await mine(manager.key)).toEqual({ limit: 30, used: 40, remaining: 0, month, percent: 133.3 });
    await setOverride(guest.email, 0);
    expect(await mine(guest.key)).toEqual({ limit: 0, used: 0, remaining: 0, month, percent: 100 });
  });

  it("shows each caller their own figures only: another organization's usage and limits stay out", async () => {
    await useCredits(server, other.id, other.users.member.id, 999);
    expect(await mine(other.users.member.key)).toEqual({ limit: null, used: 999, remaining: null, month, percent: null });
    expect((await mine(org.owner.key)).used).toBe(0);
  });

  it('answers the one error body to a bad credential', async () => {
    expectError(await server.app.inject({ method: 'GET', url: ME, headers: auth('garbage') }), 401);
  });
});
