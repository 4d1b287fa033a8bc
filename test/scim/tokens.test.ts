import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMatrix } from '../helpers/auth-matrix.js';
import { auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

// SCIM tokens through the v0 API (docs/scim.md): owners create (shown once, stored hashed),
// list and revoke them; every change is in the audit log; other roles 403, other organizations 404.

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server);
});
afterAll(async () => server.close());

const request = (method: 'GET' | 'POST' | 'DELETE', url: string, key: string, payload?: object) => server.app.inject({ method, url, headers: auth(key), ...(payload ? { payload } : {}) });

describe('SCIM tokens', () => {
  it('creates a token shown once, stored as a hash, listed without its secret, and revokes it', async () => {
    const created = await request('POST', '/api/v0/organization/scim-tokens', org.owner.key, { name: 'Okta production' });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ name: 'Okta production', lastUsedAt: null, scimBaseUrl: `${server.config.publicApiUrl}/scim/v2` });
    expect(body.token).toMatch(/^qd_scim_[\w-]{43}$/);
    expect(body.token.startsWith(body.prefix)).toBe(true);
    const stored = await server.store.db.selectFrom('scim_tokens').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(body.token);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const listed = (await request('GET', '/api/v0/organization/scim-tokens', org.owner.key)).json();
    expect(listed.scimBaseUrl).toBe(`${server.config.publicApiUrl}/scim/v2`);
    expect(listed.scimTokens).toEqual([{ id: body.id, name: 'Okta production', prefix: body.prefix, createdAt: body.createdAt, lastUsedAt: null }]);
    expect(JSON.stringify(listed)).not.toContain(body.token);

    // Its first use is recorded.
    expect((await server.app.inject({ method: 'GET', url: '/scim/v2/Users?count=1', headers: auth(body.token) })).statusCode).toBe(200);
    expect((await request('GET', '/api/v0/organization/scim-tokens', org.owner.key)).json().scimTokens[0].lastUsedAt).toEqual(expect.any(Number));

    expect((await request('DELETE', `/api/v0/organization/scim-tokens/${body.id}`, org.owner.key)).statusCode).toBe(204);
    expect((await request('GET', '/api/v0/organization/scim-tokens', org.owner.key)).json().scimTokens).toEqual([]);
    expectError(await request('DELETE', `/api/v0/organization/scim-tokens/${body.id}`, org.owner.key), 404);
    expect((await server.app.inject({ method: 'GET', url: '/scim/v2/Users', headers: auth(body.token) })).statusCode).toBe(401);

    const audit = await server.store.db.selectFrom('audit_log').selectAll().where('organization_id', '=', org.id).where('target_id', '=', body.id).orderBy('id').execute();
    expect(audit.map((entry) => [entry.action, entry.actor_type, entry.actor_user_id, entry.actor_label, entry.target_label])).toEqual([
      ['scim.token_created', 'user', org.owner.id, org.owner.email, 'Okta production'],
      ['scim.token_revoked', 'user', org.owner.id, org.owner.email, 'Okta production'],
    ]);
    expect(JSON.stringify(audit)).not.toContain(body.token);
  });

  it('rejects bad input with the error body', async () => {
    for (const payload of [{}, { name: '' }, { name: 'x'.repeat(101) }, { name: 'a\u0000b' }, { name: 'ok', extra: true }]) {
      expectError(await request('POST', '/api/v0/organization/scim-tokens', org.owner.key, payload), 400);
    }
    expectError(await request('DELETE', '/api/v0/organization/scim-tokens/scim_missing', org.owner.key), 404);
    expectError(await request('GET', '/api/v0/organization/scim-tokens?cursor=bad', org.owner.key), 400);
  });

  it('pages the list', async () => {
    const fresh = await createOrganization(server, 'Paged');
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await request('POST', '/api/v0/organization/scim-tokens', fresh.owner.key, { name: `t${i}` })).json().id);
    const first = (await request('GET', '/api/v0/organization/scim-tokens?limit=2', fresh.owner.key)).json();
    const second = (await request('GET', `/api/v0/organization/scim-tokens?limit=2&cursor=${first.pagination.nextCursor}`, fresh.owner.key)).json();
    expect([...first.scimTokens, ...second.scimTokens].map((token: { id: string }) => token.id)).toEqual(ids);
    expect(second.pagination).toEqual({ hasMore: false, nextCursor: null });
  });
});

const tokenOf = async ({ server, org }: { server: TestServer; org: TestOrganization }) =>
  (await server.app.inject({ method: 'POST', url: '/api/v0/organization/scim-tokens', headers: auth(org.owner.key), payload: { name: 'matrix' } })).json().id as string;
authMatrix([
  { method: 'GET', url: '/api/v0/organization/scim-tokens', credentials: 'apiKeyOrJwt', roles: ['owner'] },
  { method: 'POST', url: '/api/v0/organization/scim-tokens', payload: { name: 'matrix' }, credentials: 'apiKeyOrJwt', roles: ['owner'] },
  {
    method: 'DELETE',
    url: async (ctx) => `/api/v0/organization/scim-tokens/${await tokenOf(ctx)}`,
    credentials: 'apiKeyOrJwt',
    roles: ['owner'],
    foreignUrl: async (ctx) => `/api/v0/organization/scim-tokens/${await tokenOf({ ...ctx, org: ctx.other })}`,
  },
]);
