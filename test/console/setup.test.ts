import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSetupLink } from '../../src/repositories/setup-link.js';
import { auth, expectError, json, sessionCookieFrom, startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/server.js';

// The one-time setup link of an empty store: the first organization and its owner, created in
// the browser; the link dies once used or once any organization exists.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const setup = (token: string, overrides: Record<string, unknown> = {}, headers: Record<string, string> = { origin: server.config.publicAppUrl }) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v0/auth/setup',
    headers,
    payload: { token, organizationName: 'First Org', email: 'Founder@First.test', name: 'Founder', password: TEST_PASSWORD, ...overrides },
  });
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('the setup link', () => {
  it('creates the first organization and its owner, signed in, once', async () => {
    const stale = await issueSetupLink(server.store.db, server.config.publicAppUrl);
    const link = await issueSetupLink(server.store.db, server.config.publicAppUrl);
    expect(link).toMatch(new RegExp(`^${server.config.publicAppUrl}/setup/qdsetup_[\\w-]{43}$`));
    // A new start replaces the link.
    expectError(await setup(tokenOf(stale!)), 404);

    expectError(await setup(tokenOf(link!), { password: 'short' }), 400);
    expectError(await setup(tokenOf(link!), {}, {}), 403);
    const response = await setup(tokenOf(link!));
    expect(response.statusCode).toBe(201);
    const body = json(response);
    expect(body.user).toMatchObject({ email: 'Founder@First.test', name: 'Founder', role: 'owner', active: true });
    expect(body.organization.name).toBe('First Org');
    const cookie = sessionCookieFrom(response)!;
    const me = await server.app.inject({ method: 'GET', url: '/api/v0/auth/session', headers: { cookie: `qd_session=${cookie}` } });
    expect(json(me).user.id).toBe(body.user.id);
    // The founder has signed in: a member who joined (not one still invited), with its entry.
    const members = await server.app.inject({ method: 'GET', url: '/api/v0/organization/users', headers: { cookie: `qd_session=${cookie}` } });
    expect(json(members).users).toEqual([expect.objectContaining({ id: body.user.id, status: 'active', joinedAt: expect.any(Number) })]);
    const joined = await server.app.inject({ method: 'GET', url: '/api/v0/organization/audit-log?action=member.joined', headers: { cookie: `qd_session=${cookie}` } });
    expect(json(joined).entries).toEqual([expect.objectContaining({ actor: expect.objectContaining({ type: 'user', userId: body.user.id }), details: { method: 'setup' } })]);

    expectError(await setup(tokenOf(link!)), 404);
    const signIn = await server.app.inject({ method: 'POST', url: '/api/v0/auth/sign-in', headers: { origin: server.config.publicAppUrl }, payload: { email: 'founder@first.test', password: TEST_PASSWORD } });
    expect(signIn.statusCode).toBe(200);
  });

  it('is not issued, and refused, once any organization exists', async () => {
    expect(await issueSetupLink(server.store.db, server.config.publicAppUrl)).toBeUndefined();
    expect(await server.store.db.selectFrom('server_secrets').select('name').where('name', '=', 'setup-token-hash').execute()).toEqual([]);
  });

  it('dies when the admin bootstrap creates an organization first', async () => {
    const fresh = await startTestServer();
    try {
      const link = await issueSetupLink(fresh.store.db, fresh.config.publicAppUrl);
      const created = await fresh.app.inject({ method: 'POST', url: '/admin/v1/organizations', headers: auth(fresh.adminToken), payload: { name: 'Admin Org', ownerEmail: 'o@admin.test' } });
      expect(created.statusCode).toBe(201);
      const response = await fresh.app.inject({
        method: 'POST',
        url: '/api/v0/auth/setup',
        headers: { origin: fresh.config.publicAppUrl },
        payload: { token: tokenOf(link!), organizationName: 'Late Org', email: 'late@first.test', password: TEST_PASSWORD },
      });
      expectError(response, 409);
      expect(await fresh.store.db.selectFrom('organizations').select('name').execute()).toEqual([{ name: 'Admin Org' }]);
    } finally {
      await fresh.close();
    }
  });
});
