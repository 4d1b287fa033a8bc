import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openStore } from '../../src/db/store.js';
import { SecretBox } from '../../src/domain/secret-box.js';
import { appendRevision } from '../../src/repositories/enterprise-controls.js';
import { auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/domain/audit.js';

// Enterprise controls (decisions.md §6): merge patches, revisions, If-Match, history, diffs, and
// the secrets inside settings.

const SECRET_KEY = randomBytes(32).toString('hex');
const URL = '/api/v0/organization/enterprise-controls';

let server: TestServer;
let org: TestOrganization;

beforeAll(async () => {
  server = await startTestServer({ SECRET_KEY, RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server);
});
afterAll(async () => server?.close());

async function freshOrganization() {
  return createOrganization(server, `Org ${randomBytes(3).toString('hex')}`);
}

function patch(key: string, payload: unknown, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'PATCH', url: URL, headers: { ...auth(key), ...headers }, payload: payload as object });
}

async function storedRevisions(organizationId: string) {
  return server.store.db.selectFrom('enterprise_control_revisions').selectAll().where('organization_id', '=', organizationId).orderBy('revision').execute();
}

describe('GET and PATCH', () => {
  it('answers revision 0 before any change', async () => {
    const fresh = await freshOrganization();
    const response = await server.app.inject({ method: 'GET', url: URL, headers: auth(fresh.owner.key) });
    expect(response.statusCode).toBe(200);
    const created = await server.store.db.selectFrom('organizations').select('created_at').where('id', '=', fresh.id).executeTakeFirstOrThrow();
    expect(response.json()).toEqual({ revision: 0, settings: {}, user: null, updatedAt: created.created_at.toISOString() });
    expect(response.headers.etag).toBe('"0"');
  });

  it('applies a merge patch: nested merge, null removes, arrays replaced, unknown properties kept', async () => {
    const fresh = await freshOrganization();
    const first = await patch(fresh.owner.key, {
      modelPolicy: { blockedModelIds: ['a', 'b'], allowCustomModels: true, futureFlag: { x: 1 } },
      routerGuidance: 'prefer small models',
      brandNewSetting: [1, 'two', { three: 3 }],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ revision: 1, user: { id: fresh.owner.id, email: fresh.owner.email, name: '' } });
    expect(first.headers.etag).toBe('"1"');
    const second = await patch(
      fresh.users.manager.key,
      { modelPolicy: { blockedModelIds: ['c'], allowCustomModels: null }, routerGuidance: null, sessionRetentionDays: 30 },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(second.statusCode).toBe(200);
    const body = second.json();
    expect(body.revision).toBe(2);
    expect(body.user.id).toBe(fresh.users.manager.id);
    expect(new Date(body.updatedAt).toISOString()).toBe(body.updatedAt);
    expect(body.settings).toEqual({ modelPolicy: { blockedModelIds: ['c'], futureFlag: { x: 1 } }, brandNewSetting: [1, 'two', { three: 3 }], sessionRetentionDays: 30 });
    const current = await server.app.inject({ method: 'GET', url: URL, headers: auth(fresh.owner.key) });
    expect(current.json()).toEqual(body);
  });

  it('shows the user name when the user has one', async () => {
    const fresh = await freshOrganization();
    await server.app.inject({ method: 'PATCH', url: `/api/v0/organization/users/${fresh.users.manager.id}`, headers: auth(fresh.owner.key), payload: { name: 'Mia Manager' } });
    const response = await patch(fresh.users.manager.key, { ideAutoConnect: true });
    expect(response.json().user).toEqual({ id: fresh.users.manager.id, email: fresh.users.manager.email, name: 'Mia Manager' });
  });

  it('validates known properties by type and writes nothing on a bad patch', async () => {
    const fresh = await freshOrganization();
    const bad: [unknown, string][] = [
      [{ modelPolicy: { blockedModelIds: 'x' } }, 'body/modelPolicy/blockedModelIds'],
      [{ sessionRetentionDays: 1.5 }, 'body/sessionRetentionDays'],
      [{ cloudSessionSync: 'yes' }, 'body/cloudSessionSync'],
      [{ managedComputersAllowedEmails: ['not-an-email'] }, 'body/managedComputersAllowedEmails/0'],
      [{ customModels: [{ id: 'm', apiKey: null }] }, 'body/customModels/0/apiKey'],
      [{ sandbox: { network: { httpProxyPort: 70000 } } }, 'body/sandbox/network/httpProxyPort'],
      [{ strictKnownMarketplaces: [{}] }, 'body/strictKnownMarketplaces/0/repo'],
      [{ sessionDefaultSettings: { runInWorktree: 'true' } }, 'body/sessionDefaultSettings/runInWorktree'],
    ];
    for (const [payload, path] of bad) {
      const error = expectError(await patch(fresh.owner.key, payload), 400);
      expect(error.errors?.map((e) => e.path)).toContain(path);
    }
    expectError(await patch(fresh.owner.key, [1, 2]), 400);
    expectError(await server.app.inject({ method: 'PATCH', url: URL, headers: { ...auth(fresh.owner.key), 'content-type': 'text/plain' }, payload: '{}' }), 415);
    expectError(await server.app.inject({ method: 'PATCH', url: URL, headers: { ...auth(fresh.owner.key), 'content-type': 'application/merge-patch+json' }, payload: '{"a":' }), 400);
    expect(await storedRevisions(fresh.id)).toHaveLength(0);
  });

  it('honours If-Match: the current revision applies, a stale one is 412, a malformed one 400', async () => {
    const fresh = await freshOrganization();
    expect((await patch(fresh.owner.key, { a: 1 }, { 'if-match': '"0"' })).statusCode).toBe(200);
    const stale = expectError(await patch(fresh.owner.key, { a: 2 }, { 'if-match': '"0"' }), 412);
    expect(stale.detail).toContain('revision is 1');
    expectError(await patch(fresh.owner.key, { a: 2 }, { 'if-match': '1' }), 400);
    expectError(await patch(fresh.owner.key, { a: 2 }, { 'if-match': '"x"' }), 400);
    expect((await patch(fresh.owner.key, { a: 3 }, { 'if-match': '"1"' })).json().revision).toBe(2);
    expect((await patch(fresh.owner.key, { a: 4 }, { 'if-match': '*' })).json().revision).toBe(3);
    expect((await storedRevisions(fresh.id)).map((row) => row.settings)).toEqual([{ a: 1 }, { a: 3 }, { a: 4 }]);
  });
});

describe('concurrency', () => {
  it('50 concurrent PATCHes with the same If-Match: exactly one succeeds', async () => {
    const fresh = await freshOrganization();
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => patch(fresh.owner.key, { winner: i }, { 'if-match': '"0"' })));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(49);
    const rows = await storedRevisions(fresh.id);
    expect(rows.map((row) => row.revision)).toEqual([1]);
    expect(rows[0]!.settings).toEqual(responses.find((r) => r.statusCode === 200)!.json().settings);
  });

  it('50 concurrent PATCHes without If-Match: all applied, revisions contiguous, nothing lost', async () => {
    const fresh = await freshOrganization();
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => patch(fresh.owner.key, { [`key${i}`]: i })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(responses.map((r) => r.json().revision).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const rows = await storedRevisions(fresh.id);
    expect(rows.map((row) => row.revision)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(rows.at(-1)!.settings).toEqual(Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`key${i}`, i])));
    // Each revision holds exactly one more key than the one before: every change saw its predecessor.
    rows.forEach((row, i) => expect(Object.keys(row.settings)).toHaveLength(i + 1));
  });
});

describe('history and diff', () => {
  let fresh: TestOrganization;
  beforeAll(async () => {
    fresh = await freshOrganization();
    for (let i = 1; i <= 5; i++) await patch(fresh.owner.key, { step: i, [`only${i}`]: true, [`only${i - 1}`]: null });
  });

  it('lists real revisions newest first, paginated', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `limit=2&cursor=${cursor}` : 'limit=2';
      const response = await server.app.inject({ method: 'GET', url: `${URL}/history?${query}`, headers: auth(fresh.users.manager.key) });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      seen.push(...body.changes.map((change: { revision: number }) => change.revision));
      expect(body.pagination.hasMore).toBe(body.pagination.nextCursor !== null);
      cursor = body.pagination.nextCursor;
    } while (cursor);
    expect(seen).toEqual([5, 4, 3, 2, 1]);
    const all = (await server.app.inject({ method: 'GET', url: `${URL}/history`, headers: auth(fresh.owner.key) })).json();
    expect(all.changes[0]).toMatchObject({ revision: 5, settings: { step: 5, only5: true }, user: { id: fresh.owner.id } });
    expect(all.pagination).toEqual({ hasMore: false, nextCursor: null });
    const empty = (await server.app.inject({ method: 'GET', url: `${URL}/history`, headers: auth(org.owner.key) })).json();
    expect(empty).toEqual({ changes: [], pagination: { hasMore: false, nextCursor: null } });
  });

  it('rejects bad limits and foreign or malformed cursors', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'cursor=%%%', 'cursor=bm9wZQ']) {
      expectError(await server.app.inject({ method: 'GET', url: `${URL}/history?${query}`, headers: auth(fresh.owner.key) }), 400);
    }
    const page = (await server.app.inject({ method: 'GET', url: `${URL}/history?limit=1`, headers: auth(fresh.owner.key) })).json();
    expectError(await server.app.inject({ method: 'GET', url: `${URL}/history?cursor=${page.pagination.nextCursor}`, headers: auth(org.owner.key) }), 400);
    expectError(await server.app.inject({ method: 'GET', url: `/api/v0/api-keys?cursor=${page.pagination.nextCursor}`, headers: auth(fresh.owner.key) }), 400);
  });

  it('diffs a revision against the one before', async () => {
    const first = await server.app.inject({ method: 'GET', url: `${URL}/history/1/diff`, headers: auth(fresh.owner.key) });
    expect(first.json()).toEqual({ revision: 1, changes: [{ path: '/only1', old: null, new: true }, { path: '/step', old: null, new: 1 }] });
    const third = await server.app.inject({ method: 'GET', url: `${URL}/history/3/diff`, headers: auth(fresh.owner.key) });
    expect(third.json()).toEqual({
      revision: 3,
      changes: [
        { path: '/only2', old: true, new: null },
        { path: '/only3', old: null, new: true },
        { path: '/step', old: 2, new: 3 },
      ],
    });
  });

  it('diffs nested objects by path (JSON Pointer) and arrays whole', async () => {
    const nested = await freshOrganization();
    await patch(nested.owner.key, { modelPolicy: { blockedModelIds: ['a'], allowCustomModels: true }, 'odd/key': 1 });
    await patch(nested.owner.key, { modelPolicy: { blockedModelIds: ['a', 'b'] }, 'odd/key': 2 });
    const diff = await server.app.inject({ method: 'GET', url: `${URL}/history/2/diff`, headers: auth(nested.owner.key) });
    expect(diff.json().changes).toEqual([
      { path: '/modelPolicy/blockedModelIds', old: ['a'], new: ['a', 'b'] },
      { path: '/odd~1key', old: 1, new: 2 },
    ]);
  });

  it('answers 404 for an unknown revision and 400 for a malformed one', async () => {
    expectError(await server.app.inject({ method: 'GET', url: `${URL}/history/6/diff`, headers: auth(fresh.owner.key) }), 404);
    expectError(await server.app.inject({ method: 'GET', url: `${URL}/history/1/diff`, headers: auth(org.owner.key) }), 404);
    for (const bad of ['0', '-1', 'x', '1.5']) expectError(await server.app.inject({ method: 'GET', url: `${URL}/history/${bad}/diff`, headers: auth(fresh.owner.key) }), 400);
  });
});

describe('custom model secrets', () => {
  const secret = 'sk-live-0123456789abcdefWXYZ';
  const masked = '****WXYZ';

  it('encrypts apiKey at rest and shows it masked on every read', async () => {
    const fresh = await freshOrganization();
    const written = await patch(fresh.owner.key, { customModels: [{ id: 'm1', model: 'big', baseUrl: 'https://models.example.test', apiKey: secret, index: 0 }] });
    expect(written.statusCode).toBe(200);
    expect(written.json().settings.customModels).toEqual([{ id: 'm1', model: 'big', baseUrl: 'https://models.example.test', apiKey: masked, index: 0 }]);
    const stored = JSON.stringify((await storedRevisions(fresh.id))[0]!.settings);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain('0123456789');
    const sealed = (await storedRevisions(fresh.id))[0]!.settings as { customModels: { apiKey: string }[] };
    expect(new SecretBox(Buffer.from(SECRET_KEY, 'hex')).open(sealed.customModels[0]!.apiKey)).toBe(secret);
    const reads = await Promise.all(
      [URL, `${URL}/history`, `${URL}/history/1/diff`].map((url) => server.app.inject({ method: 'GET', url, headers: auth(fresh.owner.key) })),
    );
    for (const read of reads) {
      expect(read.statusCode).toBe(200);
      expect(read.body).not.toContain(secret);
      expect(read.body).toContain(masked);
    }
  });

  it('keeps the stored secret when the masked value comes back for the same id', async () => {
    const fresh = await freshOrganization();
    await patch(fresh.owner.key, { customModels: [{ id: 'm1', apiKey: secret }, { id: 'm2', apiKey: 'other-secret-value-9876' }] });
    const kept = await patch(fresh.owner.key, { customModels: [{ id: 'm1', apiKey: masked, displayName: 'Big' }] });
    expect(kept.statusCode).toBe(200);
    const rows = await storedRevisions(fresh.id);
    const before = (rows[0]!.settings as { customModels: { apiKey: string }[] }).customModels[0]!.apiKey;
    const after = (rows[1]!.settings as { customModels: { apiKey: string }[] }).customModels[0]!.apiKey;
    expect(after).toBe(before);
    // Only the display name and the removed second model changed.
    const diff = (await server.app.inject({ method: 'GET', url: `${URL}/history/2/diff`, headers: auth(fresh.owner.key) })).json();
    expect(diff.changes).toEqual([
      { path: '/customModels', old: [{ id: 'm1', apiKey: masked }, { id: 'm2', apiKey: '****9876' }], new: [{ id: 'm1', apiKey: masked, displayName: 'Big' }] },
    ]);
    // The same secret sent again in the clear is no change either.
    await patch(fresh.owner.key, { customModels: [{ id: 'm1', apiKey: secret, displayName: 'Big' }] });
    expect((await server.app.inject({ method: 'GET', url: `${URL}/history/3/diff`, headers: auth(fresh.owner.key) })).json().changes).toEqual([]);
  });

  it('refuses a masked value that matches no stored secret of that id', async () => {
    const fresh = await freshOrganization();
    await patch(fresh.owner.key, { customModels: [{ id: 'm1', apiKey: secret }] });
    for (const models of [[{ id: 'm2', apiKey: masked }], [{ apiKey: masked }], [{ id: 'm1', apiKey: '****ABCD' }]]) {
      const error = expectError(await patch(fresh.owner.key, { customModels: models }), 400);
      expect(error.errors?.[0]?.path).toBe('body/customModels/0/apiKey');
    }
    expect(await storedRevisions(fresh.id)).toHaveLength(1);
  });

  it('a changed secret with the same last characters is still a change, shown masked', async () => {
    const fresh = await freshOrganization();
    await patch(fresh.owner.key, { customModels: [{ id: 'm1', apiKey: secret }] });
    await patch(fresh.owner.key, { customModels: [{ id: 'm1', apiKey: 'another-secret-WXYZ' }] });
    const diff = await server.app.inject({ method: 'GET', url: `${URL}/history/2/diff`, headers: auth(fresh.owner.key) });
    expect(diff.json().changes).toEqual([{ path: '/customModels', old: [{ id: 'm1', apiKey: masked }], new: [{ id: 'm1', apiKey: masked }] }]);
    expect(diff.body).not.toContain('another-secret');
  });

  it('replaces a secret sealed with an earlier key when a new one is sent', async () => {
    const fresh = await freshOrganization();
    const earlier = new SecretBox(randomBytes(32)).seal(secret);
    await appendRevision(server.store.db, fresh.id, fresh.owner.id, () => ({ customModels: [{ id: 'm1', apiKey: earlier }] }), SYSTEM_ACTOR);
    const response = await patch(fresh.owner.key, { customModels: [{ id: 'm1', apiKey: secret }] });
    expect(response.statusCode).toBe(200);
    expect(response.json().settings.customModels).toEqual([{ id: 'm1', apiKey: masked }]);
    const sealed = ((await storedRevisions(fresh.id))[1]!.settings as { customModels: { apiKey: string }[] }).customModels[0]!.apiKey;
    expect(new SecretBox(Buffer.from(SECRET_KEY, 'hex')).open(sealed)).toBe(secret);
  });

  it('masks short secrets entirely', async () => {
    const fresh = await freshOrganization();
    const response = await patch(fresh.owner.key, { customModels: [{ id: 'm1', apiKey: 'abc12' }] });
    expect(response.json().settings.customModels[0].apiKey).toBe('****');
    expect((await patch(fresh.owner.key, { customModels: [{ id: 'm1', apiKey: '****' }] })).statusCode).toBe(200);
  });
});

describe('API key creation policy', () => {
  it('restrictApiKeyCreationToManagers refuses members and guests (403), not managers', async () => {
    const fresh = await freshOrganization();
    const create = (key: string) => server.app.inject({ method: 'POST', url: '/api/v0/api-keys', headers: auth(key), payload: { name: 'k' } });
    expect((await create(fresh.users.member.key)).statusCode).toBe(201);
    await patch(fresh.owner.key, { restrictApiKeyCreationToManagers: true });
    expectError(await create(fresh.users.member.key), 403);
    expectError(await create(fresh.users.guest.key), 403);
    expect((await create(fresh.users.manager.key)).statusCode).toBe(201);
    expect((await create(fresh.owner.key)).statusCode).toBe(201);
    // Another organization is not affected.
    expect((await create(org.users.member.key)).statusCode).toBe(201);
    await patch(fresh.owner.key, { restrictApiKeyCreationToManagers: null });
    expect((await create(fresh.users.member.key)).statusCode).toBe(201);
  });
});

describe('the key and the logs', () => {
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('on PostgreSQL without SECRET_KEY, shares one generated key through the database', async () => {
    const pgServer = await startTestServer();
    try {
      expect(pgServer.store.kind).toBe('postgres');
      const owner = (await createOrganization(pgServer)).owner;
      const secret = `sk-${randomBytes(12).toString('hex')}`;
      const response = await pgServer.app.inject({ method: 'PATCH', url: URL, headers: auth(owner.key), payload: { customModels: [{ id: 'm', apiKey: secret }] } });
      expect(response.statusCode).toBe(200);
      const shared = await pgServer.store.db.selectFrom('server_secrets').select('value').where('name', '=', 'settings-secret-key').executeTakeFirstOrThrow();
      const stored = (await pgServer.store.db.selectFrom('enterprise_control_revisions').select('settings').executeTakeFirstOrThrow()).settings as { customModels: { apiKey: string }[] };
      expect(new SecretBox(Buffer.from(shared.value, 'base64url')).open(stored.customModels[0]!.apiKey)).toBe(secret);
    } finally {
      await pgServer.close();
    }
  });

  it('generates the key once into DATA_DIR (mode 0600) and never logs a secret', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'quarterdeck-controls-'));
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '1000000' });
    // This test is about the embedded store's key file, whichever store the rest of the run uses.
    const seedPath = process.env.TEST_DATABASE_URL ? undefined : inject('embeddedSeedPath');
    const store = await openStore({ ...config, databaseUrl: undefined }, { inMemory: true, ...(seedPath ? { seed: new Blob([await readFile(seedPath)]) } : {}) });
    const adminToken = `admin-${randomBytes(16).toString('hex')}`;
    const app = await buildApp({ config, store, adminToken, logger: { level: 'trace', stream } });
    try {
      const bootstrap = await app.inject({ method: 'POST', url: '/admin/v1/organizations', headers: auth(adminToken), payload: { name: 'Logs', ownerEmail: 'logs@example.test' } });
      const key = bootstrap.json().apiKey;
      const secret = `sk-${randomBytes(12).toString('hex')}`;
      const write = (apiKey: string) => app.inject({ method: 'PATCH', url: URL, headers: auth(key), payload: { customModels: [{ id: 'm', apiKey }] } });
      expect((await write(secret)).statusCode).toBe(200);
      expectError(await write('****nope'), 400);
      await app.inject({ method: 'GET', url: `${URL}/history/1/diff`, headers: auth(key) });
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('')).not.toContain(secret);
      const keyFile = join(dataDir, 'secret-key');
      expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
      const stored = (await store.db.selectFrom('enterprise_control_revisions').select('settings').executeTakeFirstOrThrow()).settings as { customModels: { apiKey: string }[] };
      const box = new SecretBox(Buffer.from((await readFile(keyFile, 'utf8')).trim(), 'base64url'));
      expect(box.open(stored.customModels[0]!.apiKey)).toBe(secret);
    } finally {
      await app.close();
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
