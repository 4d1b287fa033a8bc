import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, expectError, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const bootstrap = (payload: unknown, headers: Record<string, string> = auth(server.adminToken)) =>
  server.app.inject({ method: 'POST', url: '/admin/v1/organizations', headers, payload: payload as object });

describe('POST /admin/v1/organizations', () => {
  it('creates an organization, its owner and a working owner key', async () => {
    const response = await bootstrap({ name: 'Acme', ownerEmail: 'Founder@Acme.test' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['apiKey', 'inviteUrl', 'organization', 'owner']);
    expect(body.inviteUrl).toMatch(new RegExp(`^${server.config.publicAppUrl}/invite/qdi_[\\w-]{43}$`));
    expect(body.organization).toEqual({ id: expect.stringMatching(/^org_/), name: 'Acme' });
    expect(body.owner).toEqual({ id: expect.stringMatching(/^usr_/), email: 'Founder@Acme.test', role: 'owner' });
    expect(body.apiKey).toMatch(/^qd_[\w-]{43}$/);

    const users = await server.app.inject({ method: 'GET', url: '/api/v0/organization/users', headers: auth(body.apiKey) });
    expect(users.statusCode).toBe(200);
    expect(users.json().users).toEqual([
      {
        id: body.owner.id,
        email: 'Founder@Acme.test',
        name: null,
        role: 'owner',
        createdAt: expect.any(Number),
        active: true,
        status: 'invited',
        joinedAt: null,
        deactivatedAt: null,
        invitationExpiresAt: expect.any(Number),
        lastSignInAt: null,
        lastActivityDay: null,
        teams: [],
      },
    ]);
  });

  it('keeps organizations apart even with the same owner e-mail', async () => {
    const first = (await bootstrap({ name: 'One', ownerEmail: 'same@example.test' })).json();
    const second = (await bootstrap({ name: 'Two', ownerEmail: 'same@example.test' })).json();
    expect(first.organization.id).not.toBe(second.organization.id);
    const seen = await server.app.inject({ method: 'GET', url: '/api/v0/organization/users', headers: auth(second.apiKey) });
    expect(seen.json().users.map((u: { id: string }) => u.id)).toEqual([second.owner.id]);
  });

  it('stores the key only as a hash', async () => {
    const body = (await bootstrap({ name: 'Hash', ownerEmail: 'hash@example.test' })).json();
    const rows = await server.store.db.selectFrom('api_keys').selectAll().where('organization_id', '=', body.organization.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(body.apiKey);
  });

  it('rejects bad bodies with field errors', async () => {
    const missing = expectError(await bootstrap({ name: 'X' }), 400);
    expect(missing.errors).toContainEqual({ path: 'body/ownerEmail', message: expect.any(String) });
    const badEmail = expectError(await bootstrap({ name: 'X', ownerEmail: 'not-an-email' }), 400);
    expect(badEmail.errors?.[0]?.path).toBe('body/ownerEmail');
    const unknown = expectError(await bootstrap({ name: 'X', ownerEmail: 'a@b.test', plan: 'gold' }), 400);
    expect(unknown.errors).toContainEqual({ path: 'body/plan', message: 'unknown field' });
    expectError(await bootstrap({ name: '', ownerEmail: 'a@b.test' }), 400);
    expectError(await bootstrap({ name: 42, ownerEmail: 'a@b.test' }), 400);
    expectError(await bootstrap([]), 400);
  });

  it('answers 415 to a body that is not JSON and 400 to broken JSON', async () => {
    expectError(await server.app.inject({ method: 'POST', url: '/admin/v1/organizations', headers: { ...auth(server.adminToken), 'content-type': 'text/plain' }, payload: 'name=x' }), 415);
    expectError(await server.app.inject({ method: 'POST', url: '/admin/v1/organizations', headers: { ...auth(server.adminToken), 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=x' }), 415);
    expectError(await server.app.inject({ method: 'POST', url: '/admin/v1/organizations', headers: { ...auth(server.adminToken), 'content-type': 'application/json' }, payload: '{"name":' }), 400);
  });

  it('writes nothing when the request fails', async () => {
    const before = await server.store.db.selectFrom('organizations').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await bootstrap({ name: 'X', ownerEmail: 'bad' });
    const after = await server.store.db.selectFrom('organizations').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
