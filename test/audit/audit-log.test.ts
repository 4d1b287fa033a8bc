import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../src/domain/audit.js';
import { deleteExpiredAuditEntries } from '../../src/jobs/audit-retention.js';
import { appendAudit } from '../../src/repositories/audit-log.js';
import { authMatrix } from '../helpers/auth-matrix.js';
import { insertIdentity } from '../otel/fleet.js';
import { addUser, auth, createOrganization, expectError, invitationToken, startTestServer, TEST_PASSWORD, uniqueEmail, type TestOrganization, type TestServer } from '../helpers/server.js';

// The audit log (docs/audit-log.md): what each change writes (exactly one entry, its actor with
// where they called from), what a refused change writes (nothing), the endpoint's paging, filters
// and CSV, its owners-only access, and the retention pass.

authMatrix([
  { method: 'GET', url: '/api/v0/organization/audit-log', credentials: 'apiKeyOrJwt', roles: ['owner'] },
]);

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server, 'Audited');
});
afterAll(async () => server.close());

const ORIGIN = { remoteAddress: '198.51.100.7', headers: { 'user-agent': 'audit-test/1.0' } };

let requestSequence = 0;
/** A request from a known address, user agent and request id, as the entries must name them. */
async function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, key: string, payload?: object, headers: Record<string, string> = {}) {
  requestSequence += 1;
  const requestId = `audit-req-${requestSequence}`;
  const response = await server.app.inject({
    method,
    url,
    remoteAddress: ORIGIN.remoteAddress,
    headers: { ...auth(key), ...ORIGIN.headers, 'x-request-id': requestId, ...headers },
    ...(payload ? { payload } : {}),
  });
  return Object.assign(response, { requestId });
}

interface Entry {
  id: string;
  occurredAt: number;
  actor: { type: string; userId: string | null; label: string; ip: string | null; userAgent: string | null };
  action: string;
  target: { type: string; id: string; label: string | null } | null;
  details: Record<string, any>;
  requestId: string | null;
}

async function allEntries(o: TestOrganization = org, query = ''): Promise<Entry[]> {
  const entries: Entry[] = [];
  let cursor: string | null = null;
  do {
    const response: Awaited<ReturnType<typeof server.app.inject>> = await server.app.inject({ method: 'GET', url: `/api/v0/organization/audit-log?limit=100${query}${cursor ? `&cursor=${cursor}` : ''}`, headers: auth(o.owner.key) });
    expect(response.statusCode).toBe(200);
    const body: { entries: Entry[]; pagination: { nextCursor: string | null } } = response.json();
    entries.push(...body.entries);
    cursor = body.pagination.nextCursor;
  } while (cursor);
  return entries;
}

/** The entries a request wrote, found by its request id. */
async function written(requestId: string): Promise<Entry[]> {
  return (await allEntries()).filter((entry) => entry.requestId === requestId);
}

/** Asserts the request wrote exactly one entry, with this action and target, by the owner from ORIGIN. */
async function expectOne(response: { requestId: string; statusCode: number; body: string }, action: string, target: { type: string; id?: string; label?: string }, actor = org.owner): Promise<Entry> {
  expect(response.statusCode, response.body).toBeLessThan(300);
  const entries = await written(response.requestId);
  expect(entries.map((entry) => entry.action)).toEqual([action]);
  const entry = entries[0]!;
  expect(entry.actor).toEqual({ type: 'user', userId: actor.id, label: actor.email, ip: ORIGIN.remoteAddress, userAgent: 'audit-test/1.0' });
  expect(entry.target).toMatchObject(target);
  return entry;
}

describe('each change writes exactly one entry', () => {
  it('members: created, invited, role changed, renamed, deactivated, reactivated', async () => {
    const email = uniqueEmail('audited');
    const created = await call('POST', '/api/v0/organization/users', org.owner.key, { email, role: 'member', createApiKey: false });
    const userId = created.json().user.id;
    const entry = await expectOne(created, 'member.created', { type: 'user', id: userId, label: email });
    expect(entry.details).toMatchObject({ role: 'member', initialApiKey: false });

    await expectOne(await call('POST', `/api/v0/organization/users/${userId}/invite`, org.owner.key), 'member.invited', { type: 'user', id: userId });
    const role = await expectOne(await call('PATCH', `/api/v0/organization/users/${userId}`, org.owner.key, { role: 'manager' }), 'member.role_changed', { type: 'user', id: userId });
    expect(role.details).toEqual({ from: 'member', to: 'manager' });
    const renamed = await expectOne(await call('PATCH', `/api/v0/organization/users/${userId}`, org.owner.key, { name: 'Renamed' }), 'member.updated', { type: 'user', id: userId });
    expect(renamed.details).toEqual({ name: { from: null, to: 'Renamed' } });
    await expectOne(await call('DELETE', `/api/v0/organization/users/${userId}`, org.owner.key), 'member.deactivated', { type: 'user', id: userId });
    await expectOne(await call('POST', `/api/v0/organization/users/${userId}/reactivate`, org.owner.key), 'member.reactivated', { type: 'user', id: userId });
  });

  it('a person accepting their invitation joins once, as the actor; accepting a later invitation writes no second entry', async () => {
    const member = await addUser(server, org.owner.key, 'member');
    const accept = (inviteUrl: string) =>
      call('POST', '/api/v0/auth/invitations/accept', '', { token: invitationToken(inviteUrl), password: TEST_PASSWORD }, { origin: server.config.publicAppUrl, authorization: '' });
    const joined = await expectOne(await accept(member.inviteUrl), 'member.joined', { type: 'user', id: member.id, label: member.email }, member);
    expect(joined.details).toEqual({ method: 'invitation' });
    // An owner may re-invite a member who has a password (a new password for someone locked out).
    const again = (await call('POST', `/api/v0/organization/users/${member.id}/invite`, org.owner.key)).json();
    const second = await accept(again.inviteUrl);
    expect(second.statusCode).toBe(200);
    expect((await written(second.requestId)).map((entry) => entry.action)).toEqual([]);
    expect((await allEntries(org, `&action=member.joined&targetId=${member.id}`)).length).toBe(1);
  });

  it('a change that changes nothing writes nothing (same role, deactivating twice, reactivating an active member)', async () => {
    const member = await addUser(server, org.owner.key, 'member');
    for (const response of [
      await call('PATCH', `/api/v0/organization/users/${member.id}`, org.owner.key, { role: 'member' }),
      await call('POST', `/api/v0/organization/users/${member.id}/reactivate`, org.owner.key),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(await written(response.requestId)).toEqual([]);
    }
    await call('DELETE', `/api/v0/organization/users/${member.id}`, org.owner.key);
    const again = await call('DELETE', `/api/v0/organization/users/${member.id}`, org.owner.key);
    expect(again.statusCode).toBe(204);
    expect(await written(again.requestId)).toEqual([]);
  });

  it("a member's initial key is audited with the member; the secret is in no entry", async () => {
    const response = await call('POST', '/api/v0/organization/users', org.users.manager.key, { email: uniqueEmail('withkey'), role: 'guest' });
    expect(response.statusCode).toBe(201);
    const entries = await written(response.requestId);
    expect(entries.map((entry) => entry.action).sort()).toEqual(['api_key.created', 'member.created']);
    expect(entries.every((entry) => entry.actor.userId === org.users.manager.id)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(response.json().apiKey);
  });

  it('API keys created and revoked, personal and ingest', async () => {
    for (const kind of ['personal', 'ingest'] as const) {
      const created = await call('POST', '/api/v0/api-keys', org.owner.key, { name: `k-${kind}`, kind });
      const key = created.json();
      const entry = await expectOne(created, 'api_key.created', { type: 'api_key', id: key.id, label: `k-${kind}` });
      expect(entry.details).toMatchObject({ kind, prefix: key.prefix, userId: org.owner.id });
      expect(JSON.stringify(entry)).not.toContain(key.key);
      await expectOne(await call('DELETE', `/api/v0/api-keys/${key.id}`, org.owner.key), 'api_key.revoked', { type: 'api_key', id: key.id });
    }
  });

  it('a member revoking their own key is the actor', async () => {
    const created = await call('POST', '/api/v0/api-keys', org.users.member.key, { name: 'mine' });
    await expectOne(created, 'api_key.created', { type: 'api_key' }, org.users.member);
    await expectOne(await call('DELETE', `/api/v0/api-keys/${created.json().id}`, org.users.member.key), 'api_key.revoked', { type: 'api_key' }, org.users.member);
  });

  it("computer tokens created and revoked (the computer's deletion)", async () => {
    const created = await call('POST', '/api/v0/computers', org.owner.key, { name: 'audited-box', providerType: 'byom' });
    const id = created.json().id;
    await expectOne(created, 'computer_token.created', { type: 'computer', id, label: 'audited-box' });
    expect(JSON.stringify(await written(created.requestId))).not.toContain(created.json().computerToken);
    await expectOne(await call('DELETE', `/api/v0/computers/${id}`, org.owner.key), 'computer_token.revoked', { type: 'computer', id });
  });

  it('a computer renamed: its fields and the name from and to; the same values again write nothing', async () => {
    const id = (await call('POST', '/api/v0/computers', org.owner.key, { name: 'box-before' })).json().id;
    const renamed = await expectOne(await call('PATCH', `/api/v0/computers/${id}`, org.owner.key, { name: 'box-after', remoteUser: 'dev' }), 'computer.updated', { type: 'computer', id, label: 'box-after' });
    expect(renamed.details).toEqual({ changed: ['name', 'remoteUser'], name: { from: 'box-before', to: 'box-after' } });
    const same = await call('PATCH', `/api/v0/computers/${id}`, org.owner.key, { name: 'box-after', remoteUser: 'dev' });
    expect(same.statusCode).toBe(200);
    expect(await written(same.requestId)).toEqual([]);
  });

  it('budgets created, changed, deleted', async () => {
    const created = await call('POST', '/api/v0/budgets', org.owner.key, { scope: 'organization', unit: 'credits', amount: 1000 });
    const id = created.json().budget.id;
    expect((await expectOne(created, 'budget.created', { type: 'budget', id })).details).toMatchObject({ unit: 'credits', amount: 1000 });
    const changed = await expectOne(await call('PATCH', `/api/v0/budgets/${id}`, org.owner.key, { amount: 2000 }), 'budget.changed', { type: 'budget', id });
    expect(changed.details).toMatchObject({ from: { amount: 1000 }, to: { amount: 2000 } });
    await expectOne(await call('DELETE', `/api/v0/budgets/${id}`, org.owner.key), 'budget.deleted', { type: 'budget', id });
  });

  it('credit limits changed: the global one, and one entry per member whose limit changed', async () => {
    const global = await expectOne(await call('PUT', '/api/v0/organization/usage/limits/global', org.owner.key, { limit: 500 }), 'credit_limit.changed', { type: 'credit_limit', id: 'global' });
    expect(global.details).toEqual({ scope: 'global', from: null, to: 500 });
    const same = await call('PUT', '/api/v0/organization/usage/limits/global', org.owner.key, { limit: 500 });
    expect(await written(same.requestId)).toEqual([]);
    const users = await call('PUT', '/api/v0/organization/usage/limits/users', org.owner.key, {
      users: [
        { email: org.users.member.email, limit: 10 },
        { email: org.users.guest.email, limit: 20 },
        { email: 'nobody@example.test', limit: 5 },
      ],
    });
    expect(users.statusCode).toBe(200);
    const entries = await written(users.requestId);
    expect(entries.map((entry) => entry.target?.id).sort()).toEqual([org.users.member.id, org.users.guest.id].sort());
    expect(entries.every((entry) => entry.action === 'credit_limit.changed')).toBe(true);
  });

  it('enterprise controls changed, naming the revision', async () => {
    const response = await call('PATCH', '/api/v0/organization/enterprise-controls', org.owner.key, { routerGuidance: 'audited' });
    const revision = response.json().revision;
    const entry = await expectOne(response, 'enterprise_controls.changed', { type: 'enterprise_controls', id: String(revision) });
    expect(entry.details).toMatchObject({ revision, previousRevision: revision - 1, changedSettings: ['routerGuidance'] });
  });

  it('teams created, updated, deleted; members added and removed', async () => {
    const created = await call('POST', '/api/v0/teams', org.owner.key, { name: `Audited ${requestSequence}` });
    const id = created.json().team.id;
    await expectOne(created, 'team.created', { type: 'team', id });
    const renamed = await expectOne(await call('PATCH', `/api/v0/teams/${id}`, org.owner.key, { name: `Renamed ${requestSequence}` }), 'team.updated', { type: 'team', id });
    expect(renamed.details.name.to).toMatch(/^Renamed/);
    const added = await expectOne(await call('POST', `/api/v0/teams/${id}/members`, org.owner.key, { userId: org.users.member.id }), 'team.member_added', { type: 'team', id });
    expect(added.details).toMatchObject({ userId: org.users.member.id });
    await expectOne(await call('DELETE', `/api/v0/teams/${id}/members/${org.users.member.id}`, org.owner.key), 'team.member_removed', { type: 'team', id });
    await expectOne(await call('DELETE', `/api/v0/teams/${id}`, org.owner.key), 'team.deleted', { type: 'team', id });
  });

  it("webhooks as a manager: created, URL changed, secret rotated, disabled, enabled, deleted (URLs by origin only, no secret)", async () => {
    const manager = org.users.manager;
    const created = await call('POST', '/api/v0/webhooks', manager.key, { url: 'https://hooks.example.com/services/T0/B0/s3cr3tpath' });
    const { webhook, secret } = created.json();
    const entry = await expectOne(created, 'webhook.created', { type: 'webhook', id: webhook.id, label: 'https://hooks.example.com' }, manager);
    expect(entry.details).toMatchObject({ urlOrigin: 'https://hooks.example.com', format: 'standard' });
    const moved = await expectOne(await call('PATCH', `/api/v0/webhooks/${webhook.id}`, manager.key, { url: 'https://other.example.com/s3cr3tpath' }), 'webhook.updated', { type: 'webhook', id: webhook.id }, manager);
    expect(moved.details).toEqual({ changed: ['url'], url: { from: 'https://hooks.example.com', to: 'https://other.example.com' } });
    const rotated = await call('POST', `/api/v0/webhooks/${webhook.id}/rotate-secret`, manager.key);
    await expectOne(rotated, 'webhook.secret_rotated', { type: 'webhook', id: webhook.id }, manager);
    await expectOne(await call('PATCH', `/api/v0/webhooks/${webhook.id}`, manager.key, { enabled: false }), 'webhook.disabled', { type: 'webhook', id: webhook.id }, manager);
    await expectOne(await call('PATCH', `/api/v0/webhooks/${webhook.id}`, manager.key, { enabled: true }), 'webhook.enabled', { type: 'webhook', id: webhook.id }, manager);
    // The same values again change nothing and write nothing.
    const same = await call('PATCH', `/api/v0/webhooks/${webhook.id}`, manager.key, { url: 'https://other.example.com/s3cr3tpath', enabled: true });
    expect(same.statusCode).toBe(200);
    expect(await written(same.requestId)).toEqual([]);
    await expectOne(await call('DELETE', `/api/v0/webhooks/${webhook.id}`, manager.key), 'webhook.deleted', { type: 'webhook', id: webhook.id }, manager);
    const all = JSON.stringify(await allEntries(org, `&targetId=${webhook.id}`));
    for (const hidden of ['s3cr3tpath', secret, rotated.json().secret]) expect(all).not.toContain(hidden);
  });

  it('prices as a manager: the discount and the models\' own prices', async () => {
    const manager = org.users.manager;
    const discount = await expectOne(await call('PATCH', '/api/v0/organization/prices', manager.key, { discount: 0.15 }), 'prices.settings_changed', { type: 'prices' }, manager);
    expect(discount.details).toMatchObject({ to: { discount: 0.15 } });
    const price = { input: 1, output: 2, cacheRead: 0.1, cacheWrite: 1.25 };
    const models = await expectOne(await call('PUT', '/api/v0/organization/prices/models', manager.key, { models: [{ modelId: 'audited-model', prices: price }] }), 'prices.models_changed', { type: 'prices' }, manager);
    expect(models.details).toEqual({ models: [{ modelId: 'audited-model', price }] });
  });

  it('a telemetry identity linked to a member by a manager; linking again writes nothing', async () => {
    const manager = org.users.manager;
    const identityId = await insertIdentity(server.store.db, org.id, { value: 'audited-laptop@example.test' });
    const linked = await expectOne(await call('POST', `/api/v0/organization/telemetry-identities/${identityId}/link`, manager.key, { userId: org.users.member.id }), 'telemetry_identity.linked', { type: 'telemetry_identity', id: identityId }, manager);
    expect(linked.details).toEqual({ userId: org.users.member.id, email: org.users.member.email });
    const again = await call('POST', `/api/v0/organization/telemetry-identities/${identityId}/link`, manager.key, { userId: org.users.member.id });
    expect(again.statusCode).toBe(200);
    expect(await written(again.requestId)).toEqual([]);
  });

  it("the platform operator's bootstrap names the operator", async () => {
    const response = await server.app.inject({ method: 'POST', url: '/admin/v1/organizations', remoteAddress: ORIGIN.remoteAddress, headers: auth(server.adminToken), payload: { name: 'Booted', ownerEmail: uniqueEmail('boot') } });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    const booted: TestOrganization = { id: body.organization.id, owner: { id: body.owner.id, email: body.owner.email, role: 'owner', key: body.apiKey, inviteUrl: body.inviteUrl }, users: {} as never };
    const entries = await allEntries(booted);
    expect(entries.map((entry) => entry.action).sort()).toEqual(['api_key.created', 'member.created']);
    for (const entry of entries) expect(entry.actor).toMatchObject({ type: 'admin', userId: null, label: 'platform operator', ip: ORIGIN.remoteAddress });
  });
});

describe('a refused change writes nothing', () => {
  it('403s, 404s, 409s and 400s leave the log as it was', async () => {
    const before = (await allEntries()).length;
    const refused = [
      await call('PATCH', `/api/v0/organization/users/${org.owner.id}`, org.users.manager.key, { role: 'member' }),
      await call('DELETE', `/api/v0/organization/users/${org.owner.id}`, org.users.manager.key),
      await call('POST', '/api/v0/organization/users', org.users.manager.key, { email: uniqueEmail('o'), role: 'owner' }),
      await call('POST', '/api/v0/organization/users', org.owner.key, { email: org.users.member.email, role: 'member' }),
      await call('DELETE', `/api/v0/organization/users/${org.users.guest.id}`, org.users.member.key),
      await call('POST', '/api/v0/api-keys', org.users.member.key, { name: 'x', kind: 'ingest' }),
      await call('DELETE', '/api/v0/api-keys/key_unknown', org.owner.key),
      await call('POST', '/api/v0/teams', org.users.member.key, { name: 'nope' }),
      await call('POST', '/api/v0/budgets', org.owner.key, { scope: 'team', teamId: 'team_unknown', unit: 'credits', amount: 1 }),
      await call('PATCH', '/api/v0/budgets/bdg_unknown', org.owner.key, { amount: 1 }),
      await call('PATCH', '/api/v0/organization/enterprise-controls', org.owner.key, { routerGuidance: 'stale' }, { 'if-match': '"0"' }),
      await call('PATCH', '/api/v0/organization/enterprise-controls', org.users.member.key, { routerGuidance: 'member' }),
      await call('POST', '/api/v0/organization/users/usr_unknown/reactivate', org.owner.key),
    ];
    for (const response of refused) expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect((await allEntries()).length).toBe(before);
  });

  it('a team name already taken (409) writes no team.created', async () => {
    const name = `Taken ${requestSequence}`;
    expect((await call('POST', '/api/v0/teams', org.owner.key, { name })).statusCode).toBe(201);
    const again = await call('POST', '/api/v0/teams', org.owner.key, { name });
    expect(again.statusCode).toBe(409);
    expect(await written(again.requestId)).toEqual([]);
  });
});

describe('GET /api/v0/organization/audit-log', () => {
  let fresh: TestOrganization;
  beforeAll(async () => {
    fresh = await createOrganization(server, 'Listed');
    for (let i = 0; i < 3; i++) await server.app.inject({ method: 'POST', url: '/api/v0/teams', headers: auth(fresh.owner.key), payload: { name: `T${i}` } });
  });

  it('answers entries newest first, paged with the v0 cursor', async () => {
    const seen: Entry[] = [];
    let cursor: string | null = null;
    do {
      const response: Awaited<ReturnType<typeof server.app.inject>> = await server.app.inject({ method: 'GET', url: `/api/v0/organization/audit-log?limit=2${cursor ? `&cursor=${cursor}` : ''}`, headers: auth(fresh.owner.key) });
      expect(response.statusCode).toBe(200);
      const body: { entries: Entry[]; pagination: { hasMore: boolean; nextCursor: string | null } } = response.json();
      expect(body.entries.length).toBeLessThanOrEqual(2);
      expect(body.pagination.hasMore).toBe(body.pagination.nextCursor !== null);
      seen.push(...body.entries);
      cursor = body.pagination.nextCursor;
    } while (cursor);
    const ids = seen.map((entry) => entry.id);
    expect([...ids].sort().reverse()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(seen[0]).toEqual({
      id: expect.any(String),
      occurredAt: expect.any(Number),
      actor: { type: 'user', userId: fresh.owner.id, label: fresh.owner.email, ip: expect.any(String), userAgent: expect.any(String) },
      action: 'team.created',
      target: { type: 'team', id: expect.any(String), label: 'T2' },
      details: { externalId: null },
      requestId: expect.any(String),
    });
    // Bootstrap (member.created + api_key.created for the owner), three members with keys, three teams.
    expect(seen.filter((entry) => entry.action === 'team.created')).toHaveLength(3);
    expect(seen.filter((entry) => entry.action === 'member.created')).toHaveLength(4);
  });

  it('filters by one or several actions, actor, target and time', async () => {
    const teams = await allEntries(fresh, '&action=team.created');
    expect(teams.map((entry) => entry.action)).toEqual(['team.created', 'team.created', 'team.created']);
    const several = await allEntries(fresh, '&action=team.created&action=member.created');
    expect(new Set(several.map((entry) => entry.action))).toEqual(new Set(['team.created', 'member.created']));
    expect(several).toHaveLength(7);
    const byActor = await allEntries(fresh, `&actorUserId=${fresh.owner.id}`);
    expect(byActor.every((entry) => entry.actor.userId === fresh.owner.id)).toBe(true);
    const byTarget = await allEntries(fresh, `&targetId=${fresh.users.member.id}`);
    expect(byTarget.map((entry) => entry.action)).toEqual(['member.created']);
    const middle = teams[1]!.occurredAt;
    const window = await allEntries(fresh, `&action=team.created&from=${middle}&to=${middle + 1}`);
    expect(window.map((entry) => entry.id)).toContain(teams[1]!.id);
    expect(window.every((entry) => entry.occurredAt === middle)).toBe(true);
    expect(await allEntries(fresh, `&from=${Date.now() + 60_000}`)).toEqual([]);
  });

  it('answers CSV: every matching entry, or a page with its cursor in headers', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v0/organization/audit-log?action=team.created', headers: { ...auth(fresh.owner.key), accept: 'text/csv' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,occurredAt,occurredAtUtc,actorType,actorUserId,actorLabel,actorIp,actorUserAgent,action,targetType,targetId,targetLabel,details,requestId');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(',team.created,team,');
    const paged = await server.app.inject({ method: 'GET', url: '/api/v0/organization/audit-log?action=team.created&limit=2', headers: { ...auth(fresh.owner.key), accept: 'text/csv' } });
    expect(paged.body.trimEnd().split('\r\n')).toHaveLength(3);
    expect(paged.headers['x-has-more']).toBe('true');
    const rest = await server.app.inject({ method: 'GET', url: `/api/v0/organization/audit-log?action=team.created&limit=2&cursor=${paged.headers['x-next-cursor']}`, headers: { ...auth(fresh.owner.key), accept: 'text/csv' } });
    expect(rest.body.trimEnd().split('\r\n')).toHaveLength(2);
    expect(rest.headers['x-has-more']).toBe('false');
  });

  it("never shows another organization's entries, by id, filter or cursor", async () => {
    const mine = await allEntries(fresh);
    const theirs = await allEntries(org);
    const mineIds = new Set(mine.map((entry) => entry.id));
    expect(theirs.some((entry) => mineIds.has(entry.id))).toBe(false);
    expect(await allEntries(fresh, `&actorUserId=${org.owner.id}`)).toEqual([]);
    expect(await allEntries(fresh, `&targetId=${org.users.member.id}`)).toEqual([]);
    const page = (await server.app.inject({ method: 'GET', url: '/api/v0/organization/audit-log?limit=1', headers: auth(org.owner.key) })).json();
    expectError(await server.app.inject({ method: 'GET', url: `/api/v0/organization/audit-log?cursor=${page.pagination.nextCursor}`, headers: auth(fresh.owner.key) }), 400);
  });

  it('answers 400 to bad filters', async () => {
    for (const query of ['action=nope', 'action=team.created&action=bogus', 'from=yesterday', 'to=-1', 'from=10&to=10', 'from=20&to=10', 'limit=0', 'limit=101', 'cursor=%%%', 'cursor=bm90LWpzb24']) {
      expectError(await server.app.inject({ method: 'GET', url: `/api/v0/organization/audit-log?${query}`, headers: auth(fresh.owner.key) }), 400);
    }
    // A cursor of one selection is no good for another.
    const page = (await server.app.inject({ method: 'GET', url: '/api/v0/organization/audit-log?limit=1&action=team.created', headers: auth(fresh.owner.key) })).json();
    expectError(await server.app.inject({ method: 'GET', url: `/api/v0/organization/audit-log?cursor=${page.pagination.nextCursor}`, headers: auth(fresh.owner.key) }), 400);
  });
});

describe('retention', () => {
  it('deletes entries older than the retention only, per organization (default 365 days)', async () => {
    const short = await createOrganization(server, 'Short retention');
    const long = await createOrganization(server, 'Default retention');
    expect((await server.app.inject({ method: 'PATCH', url: '/api/v0/organization/enterprise-controls', headers: auth(short.owner.key), payload: { auditLogRetentionDays: 30 } })).statusCode).toBe(200);
    const day = 86_400_000;
    const now = Date.now();
    const ids: Record<string, string> = {};
    for (const [name, o, age] of [['short40', short, 40], ['short20', short, 20], ['long40', long, 40], ['long400', long, 400]] as const) {
      ids[name] = await appendAudit(server.store.db, o.id, { actor: SYSTEM_ACTOR, action: 'team.created', target: { type: 'team', id: name } }, new Date(now - age * day));
    }
    const deleted = await deleteExpiredAuditEntries(server.store.db, server.app.log);
    expect(deleted).toBeGreaterThanOrEqual(2);
    const shortIds = (await allEntries(short)).map((entry) => entry.id);
    const longIds = (await allEntries(long)).map((entry) => entry.id);
    expect(shortIds).not.toContain(ids.short40);
    expect(shortIds).toContain(ids.short20);
    expect(longIds).toContain(ids.long40);
    expect(longIds).not.toContain(ids.long400);
    // Today's entries stay.
    expect(shortIds.length).toBeGreaterThan(1);
  });

  it('validates auditLogRetentionDays as a known setting', async () => {
    for (const value of [0, 3651, 1.5, 'year']) {
      expectError(await server.app.inject({ method: 'PATCH', url: '/api/v0/organization/enterprise-controls', headers: auth(org.owner.key), payload: { auditLogRetentionDays: value } }), 400);
    }
  });
});
