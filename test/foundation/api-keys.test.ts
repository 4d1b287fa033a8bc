import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accessToken, addUser, auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
});
afterAll(async () => server.close());

const request = (method: 'GET' | 'POST' | 'DELETE', url: string, key: string, payload?: object) =>
  server.app.inject({ method, url, headers: auth(key), ...(payload ? { payload } : {}) });

describe('POST /api/v0/api-keys', () => {
  it('creates a key for the caller, shown once, that works at once', async () => {
    const expiresAt = Date.now() + 86_400_000;
    const response = await request('POST', '/api/v0/api-keys', org.users.guest.key, { name: 'laptop', expiresAt });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^key_/),
      kind: 'personal',
      name: 'laptop',
      prefix: body.key.slice(0, 9),
      userId: org.users.guest.id,
      createdAt: expect.any(Number),
      expiresAt,
      lastUsedAt: null,
      key: expect.stringMatching(/^qd_[\w-]{43}$/),
    });
    const listed = await request('GET', '/api/v0/api-keys', body.key);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(body.key);
    const mine = listed.json().apiKeys.find((k: { id: string }) => k.id === body.id);
    expect(mine.lastUsedAt).toEqual(expect.any(Number));
  });

  it('rejects a past expiry and bad bodies', async () => {
    expectError(await request('POST', '/api/v0/api-keys', org.owner.key, { name: 'old', expiresAt: Date.now() - 1 }), 400);
    expectError(await request('POST', '/api/v0/api-keys', org.owner.key, { name: '' }), 400);
    expectError(await request('POST', '/api/v0/api-keys', org.owner.key, { name: 'x'.repeat(101) }), 400);
    expectError(await request('POST', '/api/v0/api-keys', org.owner.key, { name: 'x', expiresAt: 'tomorrow' }), 400);
    expectError(await request('POST', '/api/v0/api-keys', org.owner.key, { name: 'x', userId: org.users.member.id }), 400);
  });

  it('stops accepting a key once it has expired', async () => {
    const created = (await request('POST', '/api/v0/api-keys', org.owner.key, { name: 'short', expiresAt: Date.now() + 60_000 })).json();
    expect((await request('GET', '/api/v0/api-keys', created.key)).statusCode).toBe(200);
    // The key was just verified (and cached); its expiry still ends it on time.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      expectError(await request('GET', '/api/v0/api-keys', created.key), 401);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('GET /api/v0/api-keys', () => {
  it('shows a member only its own keys, and an owner or manager all of the organization', async () => {
    const member = await addUser(server, org.owner.key, 'member');
    await request('POST', '/api/v0/api-keys', member.key, { name: 'second' });
    const own = (await request('GET', '/api/v0/api-keys?limit=100', member.key)).json().apiKeys;
    expect(own).toHaveLength(2);
    expect(own.every((k: { userId: string }) => k.userId === member.id)).toBe(true);
    const all = (await request('GET', '/api/v0/api-keys?limit=100', org.users.manager.key)).json().apiKeys;
    expect(all.some((k: { userId: string }) => k.userId === member.id)).toBe(true);
    expect(all.some((k: { userId: string }) => k.userId === org.owner.id)).toBe(true);
    const other = await createOrganization(server, 'Other');
    const foreign = (await request('GET', '/api/v0/api-keys?limit=100', other.owner.key)).json().apiKeys;
    expect(foreign.some((k: { userId: string }) => k.userId === member.id)).toBe(false);
  });
});

describe('DELETE /api/v0/api-keys/{id}', () => {
  it('revokes: the key and the tokens made from it fail on the next request', async () => {
    const created = (await request('POST', '/api/v0/api-keys', org.users.member.key, { name: 'temp' })).json();
    const token = await accessToken(server, created.key);
    expect((await request('GET', '/api/v0/api-keys', token)).statusCode).toBe(200);
    const response = await request('DELETE', `/api/v0/api-keys/${created.id}`, org.users.member.key);
    expect(response.statusCode).toBe(204);
    expectError(await request('GET', '/api/v0/api-keys', created.key), 401);
    expectError(await request('GET', '/api/v0/api-keys', token), 401);
    expectError(await request('DELETE', `/api/v0/api-keys/${created.id}`, org.users.member.key), 404);
  });

  it("hides another user's key from a member, and lets a manager revoke it", async () => {
    const victim = (await request('POST', '/api/v0/api-keys', org.users.guest.key, { name: 'victim' })).json();
    expectError(await request('DELETE', `/api/v0/api-keys/${victim.id}`, org.users.member.key), 404);
    expect((await request('GET', '/api/v0/api-keys', victim.key)).statusCode).toBe(200);
    expect((await request('DELETE', `/api/v0/api-keys/${victim.id}`, org.users.manager.key)).statusCode).toBe(204);
    expectError(await request('GET', '/api/v0/api-keys', victim.key), 401);
  });
});

describe('POST /api/v0/auth/token', () => {
  it('exchanges an API key for a 15-minute JWT accepted on v0', async () => {
    const response = await request('POST', '/api/v0/auth/token', org.users.member.key);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ accessToken: expect.any(String), tokenType: 'Bearer', expiresIn: 900 });
    const [, payload] = body.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(900);
    expect(claims.sub).toBe(org.users.member.id);
    expect((await request('GET', '/api/v0/api-keys', body.accessToken)).statusCode).toBe(200);
  });

  it('refuses expired, tampered and foreign-signed tokens', async () => {
    const services = server.app.services;
    const claims = { userId: org.owner.id, organizationId: org.id, apiKeyId: (await server.store.db.selectFrom('api_keys').select('id').where('user_id', '=', org.owner.id).executeTakeFirstOrThrow()).id };
    const expired = await services.accessTokens.sign(claims, Date.now() - 16 * 60_000);
    expectError(await request('GET', '/api/v0/api-keys', expired), 401);
    const valid = await services.accessTokens.sign(claims);
    expect((await request('GET', '/api/v0/api-keys', valid)).statusCode).toBe(200);
    const [header, payload, signature] = valid.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: org.users.guest.id })).toString('base64url');
    expectError(await request('GET', '/api/v0/api-keys', `${header}.${forged}.${signature}`), 401);
    const { AccessTokens } = await import('../../src/domain/access-tokens.js');
    const stranger = await new AccessTokens(new TextEncoder().encode('a-different-signing-key-of-32-characters')).sign(claims);
    expectError(await request('GET', '/api/v0/api-keys', stranger), 401);
  });

  it('answers 401 when asked with a JWT instead of an API key', async () => {
    const token = await accessToken(server, org.owner.key);
    expectError(await request('POST', '/api/v0/auth/token', token), 401);
  });

  it('keeps working for every replica: the signing key lives in the database', async () => {
    const token = await accessToken(server, org.owner.key);
    const { buildApp } = await import('../../src/app.js');
    const replica = await buildApp({ config: server.config, store: server.store, adminToken: server.adminToken });
    try {
      const response = await replica.inject({ method: 'GET', url: '/api/v0/api-keys', headers: auth(token) });
      expect(response.statusCode).toBe(200);
    } finally {
      await replica.close();
    }
  });
});
