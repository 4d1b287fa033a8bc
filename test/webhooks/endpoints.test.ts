import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGERS } from '../../src/domain/roles.js';
import { authMatrix, type MatrixContext } from '../helpers/auth-matrix.js';
import { auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

// Webhook endpoints through the v0 API (docs/webhooks.md): create (secret shown once), read,
// change, disable and enable, rotate the secret, delete; validation and the URL guard; pagination;
// roles (owner and manager only) and tenancy.

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server);
});
afterAll(async () => server.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const request = (method: Method, url: string, key: string, payload?: object) => server.app.inject({ method, url, headers: auth(key), ...(payload ? { payload } : {}) });
const createWebhook = async (payload: object, key = org.users.manager.key) => {
  const response = await request('POST', '/api/v0/webhooks', key, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { webhook: Record<string, unknown> & { id: string }; secret: string };
};

describe('webhook endpoints', () => {
  it('creates, reads, changes, disables, enables, rotates and deletes an endpoint', async () => {
    const { webhook, secret } = await createWebhook({ url: 'https://hooks.example.com/quarterdeck', description: 'ops channel', eventTypes: ['member.invited'], format: 'slack' });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhook).toMatchObject({ url: 'https://hooks.example.com/quarterdeck', description: 'ops channel', eventTypes: ['member.invited'], format: 'slack', enabled: true, disabledAt: null, disabledReason: null });
    expect(webhook.id).toMatch(/^whk_/);
    const read = await request('GET', `/api/v0/webhooks/${webhook.id}`, org.owner.key);
    expect(read.json()).toEqual({ webhook });
    expect(read.body).not.toContain(secret.slice(6));
    const sealed = await server.store.db.selectFrom('webhook_endpoints').select('secret_sealed').where('id', '=', webhook.id).executeTakeFirstOrThrow();
    expect(sealed.secret_sealed).not.toContain(secret.slice(6));

    const changed = await request('PATCH', `/api/v0/webhooks/${webhook.id}`, org.owner.key, { eventTypes: null, format: 'standard', description: '' });
    expect(changed.json().webhook).toMatchObject({ eventTypes: null, format: 'standard', description: '' });
    const disabled = (await request('PATCH', `/api/v0/webhooks/${webhook.id}`, org.owner.key, { enabled: false })).json().webhook;
    expect(disabled).toMatchObject({ enabled: false, disabledReason: `disabled by user ${org.owner.id}` });
    expect(disabled.disabledAt).toBeGreaterThan(0);
    expectError(await request('POST', `/api/v0/webhooks/${webhook.id}/test`, org.owner.key), 409);
    const enabled = (await request('PATCH', `/api/v0/webhooks/${webhook.id}`, org.owner.key, { enabled: true })).json().webhook;
    expect(enabled).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null });

    const rotated = await request('POST', `/api/v0/webhooks/${webhook.id}/rotate-secret`, org.users.manager.key);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(secret);

    expect((await request('DELETE', `/api/v0/webhooks/${webhook.id}`, org.users.manager.key)).statusCode).toBe(204);
    expectError(await request('GET', `/api/v0/webhooks/${webhook.id}`, org.users.manager.key), 404);
    expectError(await request('DELETE', `/api/v0/webhooks/${webhook.id}`, org.users.manager.key), 404);
    expectError(await request('POST', `/api/v0/webhooks/${webhook.id}/rotate-secret`, org.users.manager.key), 404);
  });

  it('rejects bad input with the error body, writing nothing', async () => {
    const before = (await request('GET', '/api/v0/webhooks?limit=100', org.owner.key)).json().webhooks.length;
    for (const body of [
      {},
      { url: '' },
      { url: 'not a url' },
      { url: 'ftp://example.com/x' },
      { url: 'https://user:pass@example.com/x' },
      { url: 'https://example.com/x', eventTypes: [] },
      { url: 'https://example.com/x', eventTypes: ['nope'] },
      { url: 'https://example.com/x', eventTypes: ['member.invited', 'member.invited'] },
      { url: 'https://example.com/x', eventTypes: ['webhook.test'] },
      { url: 'https://example.com/x', format: 'teams' },
      { url: 'https://example.com/x', format: 'Slack' },
      { url: 'https://example.com/x', extra: 1 },
      { url: 'https://example.com/x', description: 'a\u0007b' },
      { url: `https://example.com/${'x'.repeat(2048)}` },
    ]) {
      expectError(await request('POST', '/api/v0/webhooks', org.owner.key, body), 400);
    }
    const { webhook } = await createWebhook({ url: 'https://example.com/ok' });
    expectError(await request('PATCH', `/api/v0/webhooks/${webhook.id}`, org.owner.key, { enabled: 'yes' }), 400);
    expectError(await request('PATCH', `/api/v0/webhooks/${webhook.id}`, org.owner.key, { secret: 'whsec_x' }), 400);
    expectError(await request('PATCH', '/api/v0/webhooks/whk_nope', org.owner.key, { enabled: false }), 404);
    expect((await request('GET', '/api/v0/webhooks?limit=100', org.owner.key)).json().webhooks.length).toBe(before + 1);
  });

  it('refuses non-public URLs unless WEBHOOK_ALLOW_PRIVATE', async () => {
    for (const url of ['http://127.0.0.1:8080/x', 'http://10.1.2.3/x', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x', 'http://[::ffff:127.0.0.1]/x', 'http://[::127.0.0.1]/x', 'http://[::10.0.0.1]/x', 'http://localhost:9000/x', 'http://192.168.0.1/', 'http://0.0.0.0/']) {
      const error = expectError(await request('POST', '/api/v0/webhooks', org.owner.key, { url }), 400);
      expect(error.errors?.[0]?.path).toBe('body/url');
    }
    const { webhook } = await createWebhook({ url: 'https://example.com/later' });
    expectError(await request('PATCH', `/api/v0/webhooks/${webhook.id}`, org.owner.key, { url: 'http://127.0.0.1/x' }), 400);
    const permissive = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    try {
      const owner = (await createOrganization(permissive)).owner;
      const created = await permissive.app.inject({ method: 'POST', url: '/api/v0/webhooks', headers: auth(owner.key), payload: { url: 'http://127.0.0.1:9/x' } });
      expect(created.statusCode).toBe(201);
    } finally {
      await permissive.close();
    }
  });

  it('pages endpoints by creation, with cursors bound to the list and organization', async () => {
    const fresh = await createOrganization(server, 'Paged');
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push((await createWebhook({ url: `https://example.com/${i}` }, fresh.owner.key)).webhook.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { webhooks: { id: string }[]; pagination: { nextCursor: string | null } } = (await request('GET', `/api/v0/webhooks?limit=2${cursor ? `&cursor=${cursor}` : ''}`, fresh.users.manager.key)).json();
      seen.push(...page.webhooks.map((webhook) => webhook.id));
      cursor = page.pagination.nextCursor;
    } while (cursor);
    expect(seen).toEqual(made);
    const otherPage = (await request('GET', '/api/v0/webhooks?limit=1', org.owner.key)).json();
    expectError(await request('GET', `/api/v0/webhooks?cursor=${otherPage.pagination.nextCursor}`, fresh.owner.key), 400);
    expectError(await request('GET', `/api/v0/webhooks/${made[0]}/attempts?cursor=${otherPage.pagination.nextCursor}`, fresh.owner.key), 400);
  });
});

// Roles and tenancy: owner and manager only; another organization's endpoints and deliveries 404.
const webhookOf = async ({ server, org }: Pick<MatrixContext, 'server' | 'org'>) =>
  (await server.app.inject({ method: 'POST', url: '/api/v0/webhooks', headers: auth(org.owner.key), payload: { url: 'https://hooks.example.com/x' } })).json().webhook.id as string;
const deliveryOf = async (ctx: Pick<MatrixContext, 'server' | 'org'>) => {
  const id = await webhookOf(ctx);
  const test = await ctx.server.app.inject({ method: 'POST', url: `/api/v0/webhooks/${id}/test`, headers: auth(ctx.org.owner.key) });
  return `/api/v0/webhooks/${id}/deliveries/${test.json().delivery.id}/replay`;
};
const foreign = (path: (id: string) => string) => async (ctx: MatrixContext) => path(await webhookOf({ ...ctx, org: ctx.other }));
authMatrix([
  { method: 'GET', url: '/api/v0/webhooks', credentials: 'apiKeyOrJwt', roles: MANAGERS },
  { method: 'POST', url: '/api/v0/webhooks', payload: () => ({ url: 'https://hooks.example.com/new' }), credentials: 'apiKeyOrJwt', roles: MANAGERS },
  { method: 'GET', url: async (ctx) => `/api/v0/webhooks/${await webhookOf(ctx)}`, credentials: 'apiKeyOrJwt', roles: MANAGERS, foreignUrl: foreign((id) => `/api/v0/webhooks/${id}`) },
  { method: 'PATCH', url: async (ctx) => `/api/v0/webhooks/${await webhookOf(ctx)}`, payload: () => ({ description: 'changed' }), credentials: 'apiKeyOrJwt', roles: MANAGERS, foreignUrl: foreign((id) => `/api/v0/webhooks/${id}`) },
  { method: 'DELETE', url: async (ctx) => `/api/v0/webhooks/${await webhookOf(ctx)}`, credentials: 'apiKeyOrJwt', roles: MANAGERS, foreignUrl: foreign((id) => `/api/v0/webhooks/${id}`) },
  { method: 'POST', url: async (ctx) => `/api/v0/webhooks/${await webhookOf(ctx)}/rotate-secret`, credentials: 'apiKeyOrJwt', roles: MANAGERS, foreignUrl: foreign((id) => `/api/v0/webhooks/${id}/rotate-secret`) },
  { method: 'GET', url: async (ctx) => `/api/v0/webhooks/${await webhookOf(ctx)}/deliveries`, credentials: 'apiKeyOrJwt', roles: MANAGERS, foreignUrl: foreign((id) => `/api/v0/webhooks/${id}/deliveries`) },
  { method: 'GET', url: async (ctx) => `/api/v0/webhooks/${await webhookOf(ctx)}/attempts`, credentials: 'apiKeyOrJwt', roles: MANAGERS, foreignUrl: foreign((id) => `/api/v0/webhooks/${id}/attempts`) },
  { method: 'POST', url: async (ctx) => `/api/v0/webhooks/${await webhookOf(ctx)}/test`, credentials: 'apiKeyOrJwt', roles: MANAGERS, foreignUrl: foreign((id) => `/api/v0/webhooks/${id}/test`) },
  { method: 'POST', url: deliveryOf, credentials: 'apiKeyOrJwt', roles: MANAGERS, foreignUrl: (ctx) => deliveryOf({ ...ctx, org: ctx.other }) },
]);
