import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

// /api/v0/organization/users/me/preferences: each person reads and changes their own opt-out of
// notification e-mails, and nobody else's.

const PREFERENCES = '/api/v0/organization/users/me/preferences';

let server: TestServer;
let org: TestOrganization;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server);
});
afterAll(async () => server?.close());

const read = (key: string) => server.app.inject({ method: 'GET', url: PREFERENCES, headers: auth(key) });
const change = (key: string, payload: unknown) => server.app.inject({ method: 'PATCH', url: PREFERENCES, headers: auth(key), payload: payload as object });

describe('preferences', () => {
  it('starts with e-mail notifications on, and changes only the caller\'s own', async () => {
    const { member, owner } = org.users;
    expect((await read(member.key)).json()).toEqual({ preferences: { emailNotifications: true } });
    const changed = await change(member.key, { emailNotifications: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ preferences: { emailNotifications: false } });
    expect((await read(member.key)).json()).toEqual({ preferences: { emailNotifications: false } });
    expect((await read(owner.key)).json()).toEqual({ preferences: { emailNotifications: true } });
    expect((await change(member.key, { emailNotifications: true })).json()).toEqual({ preferences: { emailNotifications: true } });
  });

  it('refuses an empty change, unknown fields and wrong types with the one error body, changing nothing', async () => {
    const { guest } = org.users;
    await change(guest.key, { emailNotifications: false });
    for (const payload of [{}, { emailNotifications: 'no' }, { emailNotifications: false, userId: org.owner.id }, [], null]) {
      expectError(await change(guest.key, payload), 400);
    }
    expect((await read(guest.key)).json()).toEqual({ preferences: { emailNotifications: false } });
  });
});
