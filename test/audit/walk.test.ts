import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../src/domain/roles.js';
import type { AuditAction } from '../../src/sdk/audit-actions.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { startTestProvider, type TestProvider } from '../helpers/oidc-provider.js';
import { MUTATING, operationsOf, type HttpMethod, type Operation } from '../helpers/openapi.js';
import { createScimToken, PATCH_OP } from '../helpers/scim.js';
import {
  acceptInvitation,
  addUser,
  auth,
  consoleHeaders,
  createOrganization,
  invitationToken,
  startTestServer,
  TEST_PASSWORD,
  uniqueEmail,
  type Caller,
  type TestOrganization,
  type TestServer,
} from '../helpers/server.js';
import { insertIdentity } from '../otel/fleet.js';

// The audit walk (issue 50; docs/audit-log.md "What is recorded", docs/security.md): every
// mutating route of the OpenAPI document the app serves is either called by each role allowed to
// call it, with a valid request, and must write an audit entry naming that caller and the action;
// or it is in EXEMPT with the reason it writes none. A new mutating route in neither table fails
// the walk, so nothing goes unaudited silently. The roles a route does not list must get 403,
// so the table cannot leave out a role that can in fact make the change.

const APP_URL = 'http://127.0.0.1:9';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';

let server: TestServer;
let provider: TestProvider;
let dns: TestDnsServer;
let org: TestOrganization;
let scimToken: string;
let operations: Operation[];

beforeAll(async () => {
  dns = await startDnsServer();
  provider = await startTestProvider({ redirectUris: [`${APP_URL}/api/v0/auth/sso/callback`], postLogoutRedirectUris: [] });
  server = await startTestServer({
    RATE_LIMIT_PER_MINUTE: '10000000',
    PUBLIC_APP_URL: APP_URL,
    SSO_ALLOW_PRIVATE_ISSUERS: 'true',
    SSO_DNS_SERVERS: dns.address,
    WEBHOOK_ALLOW_PRIVATE: 'true',
  });
  org = await createOrganization(server, 'Walked');
  scimToken = (await createScimToken(server, org.owner.key, 'Walk IdP')).token;
  operations = await operationsOf(server.app);
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
  await dns?.close();
});

/** One request of the walk: the caller's API key unless `headers` say otherwise. */
interface Call {
  url: string;
  payload?: object;
  headers?: Record<string, string>;
  /** The member the entry must name when it is not the caller (a fresh member signing in). */
  actorId?: string;
}

interface Audited {
  /** Who may make the change; each of them makes it once. */
  roles: readonly Role[];
  action: AuditAction;
  /** Who the entry names: the calling member (default), or the identity provider (SCIM token). */
  actor?: 'scim';
  /** A fresh, valid request for this caller (creating, as the owner, what the change needs). */
  request: (caller: Caller) => Promise<Call>;
}

interface Exempt {
  /** Why this route writes no audit entry (docs/audit-log.md "What is not recorded"). */
  exempt: string;
}

let sequence = 0;
/** Each discount set differs from the one before, so each is a change. */
let discounts = 0;
const unique = (tag: string) => `${tag}-${(sequence += 1)}-${randomUUID().slice(0, 8)}`;

async function api<T = any>(method: HttpMethod, url: string, key: string, payload?: object): Promise<T> {
  const response = await server.app.inject({ method, url, headers: auth(key), ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return (response.body ? response.json() : undefined) as T;
}
const owner = () => org.owner.key;
const newUser = (role: Role = 'member') => addUser(server, owner(), role);
const newTeam = async () => (await api('POST', '/api/v0/teams', owner(), { name: unique('Team') })).team.id as string;
const newWebhook = async () => (await api('POST', '/api/v0/webhooks', owner(), { url: 'http://127.0.0.1:9/walk' })).webhook.id as string;
const newComputer = async (key: string) => (await api('POST', '/api/v0/computers', key, { name: unique('walk-box') })).id as string;
const scimHeaders = () => ({ ...auth(scimToken), 'content-type': 'application/scim+json' });
const scimUser = async () => (await api('POST', '/scim/v2/Users', scimToken, { schemas: [USER], userName: `${unique('scim')}@walk.test`, active: true })).id as string;
const scimGroup = async () => (await api('POST', '/scim/v2/Groups', scimToken, { schemas: [GROUP], displayName: unique('Group') })).id as string;
/** SSO settings for this organization (PUT runs the provider's discovery). */
const ssoSettings = (domain: string) => ({ issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, allowedDomains: [domain] });
const MANAGERS: readonly Role[] = ['owner', 'manager'];
const OWNERS: readonly Role[] = ['owner'];
const EVERYONE: readonly Role[] = ROLES;

const OWN_WORK = "a member's own work (their sessions and messages): not a change to the organization, and its content is private (content control)";
const MACHINE = "a command to the computer's agent, recorded in the computer's own status and provisioning steps; no setting changes";
const REPORTED = 'data a member or their tools report (like telemetry), not a change an owner or manager makes';
const AGENT = "the computer's agent (its token, not a member) reporting its own work";

const WALK: Record<string, Audited | Exempt> = {
  'POST /admin/v1/organizations': { exempt: "the platform operator's bootstrap: audited in the new organization with the operator as actor (test/audit/audit-log.test.ts \"the platform operator's bootstrap names the operator\")" },
  'POST /admin/v1/rollups/run': { exempt: "the platform operator recomputing analytics: no organization's setting or member changes" },
  'POST /admin/v1/telemetry/retention/run': { exempt: "the platform operator running telemetry retention: the server's own setting (TELEMETRY_RETENTION_MONTHS), no organization's setting or member changes; logged and counted in the metrics" },
  'POST /admin/v1/backup': { exempt: 'the platform operator taking a backup: reads, changes nothing' },
  'POST /api/v0/auth/token': { exempt: 'a short-lived access token derived from a key already audited; nothing is stored' },
  'POST /api/v0/api-keys': { roles: EVERYONE, action: 'api_key.created', request: async () => ({ url: '/api/v0/api-keys', payload: { name: unique('key') } }) },
  'DELETE /api/v0/api-keys/{id}': {
    roles: EVERYONE,
    action: 'api_key.revoked',
    request: async (caller) => ({ url: `/api/v0/api-keys/${(await api('POST', '/api/v0/api-keys', caller.key, { name: unique('doomed') })).id}` }),
  },
  'POST /api/v0/organization/users': { roles: MANAGERS, action: 'member.created', request: async () => ({ url: '/api/v0/organization/users', payload: { email: uniqueEmail('walk'), role: 'member' } }) },
  'PATCH /api/v0/organization/users/{userId}': { roles: MANAGERS, action: 'member.updated', request: async () => ({ url: `/api/v0/organization/users/${(await newUser()).id}`, payload: { name: unique('Renamed') } }) },
  'DELETE /api/v0/organization/users/{userId}': { roles: MANAGERS, action: 'member.deactivated', request: async () => ({ url: `/api/v0/organization/users/${(await newUser()).id}` }) },
  'POST /api/v0/organization/users/{userId}/invite': { roles: MANAGERS, action: 'member.invited', request: async () => ({ url: `/api/v0/organization/users/${(await newUser()).id}/invite` }) },
  'POST /api/v0/organization/users/{userId}/reactivate': {
    roles: MANAGERS,
    action: 'member.reactivated',
    request: async () => {
      const user = await newUser();
      await api('DELETE', `/api/v0/organization/users/${user.id}`, owner());
      return { url: `/api/v0/organization/users/${user.id}/reactivate` };
    },
  },
  'PUT /api/v0/organization/sso': { roles: OWNERS, action: 'sso.settings_changed', request: async () => ({ url: '/api/v0/organization/sso', payload: ssoSettings(`${unique('put')}.walk.test`) }) },
  'DELETE /api/v0/organization/sso': {
    roles: OWNERS,
    action: 'sso.settings_removed',
    request: async () => {
      await api('PUT', '/api/v0/organization/sso', owner(), ssoSettings(`${unique('del')}.walk.test`));
      return { url: '/api/v0/organization/sso' };
    },
  },
  'POST /api/v0/organization/sso/domains/{domain}/verify': {
    roles: OWNERS,
    action: 'sso.domain_verified',
    request: async () => {
      const domain = `${unique('proved')}.walk.test`;
      await api('PUT', '/api/v0/organization/sso', owner(), ssoSettings(domain));
      const proof = (await api('GET', '/api/v0/organization/sso/domains', owner())).domains.find((d: { domain: string }) => d.domain === domain);
      dns.publishTxt(proof.record.name, proof.record.value);
      return { url: `/api/v0/organization/sso/domains/${domain}/verify` };
    },
  },
  'PATCH /api/v0/organization/users/me': { roles: EVERYONE, action: 'member.updated', request: async () => ({ url: '/api/v0/organization/users/me', payload: { name: unique('Own name') } }) },
  'PATCH /api/v0/organization/users/me/preferences': { exempt: "a member's own notification preference, which only they can change and which gives no one access to anything" },
  'POST /api/v0/teams': { roles: MANAGERS, action: 'team.created', request: async () => ({ url: '/api/v0/teams', payload: { name: unique('Team') } }) },
  'PATCH /api/v0/teams/{teamId}': { roles: MANAGERS, action: 'team.updated', request: async () => ({ url: `/api/v0/teams/${await newTeam()}`, payload: { name: unique('Renamed team') } }) },
  'DELETE /api/v0/teams/{teamId}': { roles: MANAGERS, action: 'team.deleted', request: async () => ({ url: `/api/v0/teams/${await newTeam()}` }) },
  'POST /api/v0/teams/{teamId}/members': { roles: MANAGERS, action: 'team.member_added', request: async () => ({ url: `/api/v0/teams/${await newTeam()}/members`, payload: { userId: (await newUser()).id } }) },
  'DELETE /api/v0/teams/{teamId}/members/{userId}': {
    roles: MANAGERS,
    action: 'team.member_removed',
    request: async () => {
      const [team, user] = [await newTeam(), await newUser()];
      await api('POST', `/api/v0/teams/${team}/members`, owner(), { userId: user.id });
      return { url: `/api/v0/teams/${team}/members/${user.id}` };
    },
  },
  'POST /api/v0/organization/telemetry-identities/{id}/link': {
    roles: MANAGERS,
    action: 'telemetry_identity.linked',
    request: async () => ({ url: `/api/v0/organization/telemetry-identities/${await insertIdentity(server.store.db, org.id, { value: `${unique('laptop')}@walk.test` })}/link`, payload: { userId: org.users.member.id } }),
  },
  'POST /api/v0/organization/telemetry-voids': {
    roles: OWNERS,
    action: 'telemetry.voided',
    request: async () => {
      const ingest = await api('POST', '/api/v0/api-keys', owner(), { name: unique('fleet'), kind: 'ingest' });
      const from = new Date(Date.now() - 1000);
      const event = { id: unique('walk-event'), type: 'model_call', timestamp: Date.now(), userId: org.users.member.id, sessionId: 'walk', client: 'terminal-ui', modelId: 'claude-sonnet-4-5', modelTier: 'standard', inputTokens: 10, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, billableTokens: 11 };
      await api('POST', '/api/v1/telemetry/events', ingest.key, { events: [event] });
      return { url: '/api/v0/organization/telemetry-voids', payload: { ingestKeyId: ingest.id, from: from.toISOString(), to: new Date(Date.now() + 1000).toISOString() } };
    },
  },
  'PATCH /api/v0/organization/enterprise-controls': { roles: MANAGERS, action: 'enterprise_controls.changed', request: async () => ({ url: '/api/v0/organization/enterprise-controls', payload: { routerGuidance: unique('guidance') } }) },
  'PUT /api/v0/organization/usage/limits/users': {
    roles: MANAGERS,
    action: 'credit_limit.changed',
    request: async () => ({ url: '/api/v0/organization/usage/limits/users', payload: { users: [{ email: (await newUser()).email, limit: 100 + sequence }] } }),
  },
  'PUT /api/v0/organization/usage/limits/global': { roles: MANAGERS, action: 'credit_limit.changed', request: async () => ({ url: '/api/v0/organization/usage/limits/global', payload: { limit: 10_000 + (sequence += 1) } }) },
  'PATCH /api/v0/organization/prices': { roles: MANAGERS, action: 'prices.settings_changed', request: async () => ({ url: '/api/v0/organization/prices', payload: { discount: (discounts += 1) / 100 } }) },
  'PUT /api/v0/organization/prices/models': {
    roles: MANAGERS,
    action: 'prices.models_changed',
    request: async () => ({ url: '/api/v0/organization/prices/models', payload: { models: [{ modelId: unique('walk-model'), prices: { input: 1, output: 2, cacheRead: 0.1, cacheWrite: 1.25 } }] } }),
  },
  'POST /api/v0/webhooks': { roles: MANAGERS, action: 'webhook.created', request: async () => ({ url: '/api/v0/webhooks', payload: { url: 'http://127.0.0.1:9/created' } }) },
  'PATCH /api/v0/webhooks/{webhookId}': { roles: MANAGERS, action: 'webhook.updated', request: async () => ({ url: `/api/v0/webhooks/${await newWebhook()}`, payload: { description: unique('described') } }) },
  'DELETE /api/v0/webhooks/{webhookId}': { roles: MANAGERS, action: 'webhook.deleted', request: async () => ({ url: `/api/v0/webhooks/${await newWebhook()}` }) },
  'POST /api/v0/webhooks/{webhookId}/rotate-secret': { roles: MANAGERS, action: 'webhook.secret_rotated', request: async () => ({ url: `/api/v0/webhooks/${await newWebhook()}/rotate-secret` }) },
  'POST /api/v0/webhooks/{webhookId}/deliveries/{deliveryId}/replay': { exempt: "sends an event again: recorded as a delivery and its attempts (the endpoint's deliveries and attempts), changes no setting" },
  'POST /api/v0/webhooks/{webhookId}/test': { exempt: "sends a test event: recorded as a delivery and its attempts (the endpoint's deliveries and attempts), changes no setting" },
  'POST /api/v0/git-hosts': { roles: MANAGERS, action: 'git_host.connected', request: async () => ({ url: '/api/v0/git-hosts', payload: { provider: 'github', name: unique('host') } }) },
  'DELETE /api/v0/git-hosts/{gitHostId}': {
    roles: MANAGERS,
    action: 'git_host.removed',
    request: async () => ({ url: `/api/v0/git-hosts/${(await api('POST', '/api/v0/git-hosts', owner(), { provider: 'gitlab', name: unique('host') })).id}` }),
  },
  'POST /api/v0/agent-commits': { exempt: REPORTED },
  'POST /api/v0/readiness/repositories': { roles: MANAGERS, action: 'readiness.repository_listed', request: async () => ({ url: '/api/v0/readiness/repositories', payload: { cloneUrl: `https://github.com/walk/${unique('repo')}.git` } }) },
  'DELETE /api/v0/readiness/repositories/{id}': {
    roles: MANAGERS,
    action: 'readiness.repository_unlisted',
    request: async () => ({ url: `/api/v0/readiness/repositories/${(await api('POST', '/api/v0/readiness/repositories', owner(), { cloneUrl: `https://github.com/walk/${unique('listed')}.git` })).repository.id}` }),
  },
  'POST /api/v0/readiness/evaluations': { exempt: 'queues evaluations of the listed repositories for a computer: recorded as the evaluations themselves (GET /api/v0/readiness/evaluations), changes no setting' },
  'POST /api/v0/organization/scim-tokens': { roles: OWNERS, action: 'scim.token_created', request: async () => ({ url: '/api/v0/organization/scim-tokens', payload: { name: unique('IdP') } }) },
  'DELETE /api/v0/organization/scim-tokens/{id}': {
    roles: OWNERS,
    action: 'scim.token_revoked',
    request: async () => ({ url: `/api/v0/organization/scim-tokens/${(await createScimToken(server, owner(), unique('old IdP'))).id}` }),
  },
  'POST /api/v0/budgets': { roles: MANAGERS, action: 'budget.created', request: async () => ({ url: '/api/v0/budgets', payload: { scope: 'team', teamId: await newTeam(), unit: 'credits', amount: 100 } }) },
  'PATCH /api/v0/budgets/{budgetId}': {
    roles: MANAGERS,
    action: 'budget.changed',
    request: async () => ({ url: `/api/v0/budgets/${(await api('POST', '/api/v0/budgets', owner(), { scope: 'team', teamId: await newTeam(), unit: 'credits', amount: 100 })).budget.id}`, payload: { amount: 200 } }),
  },
  'DELETE /api/v0/budgets/{budgetId}': {
    roles: MANAGERS,
    action: 'budget.deleted',
    request: async () => ({ url: `/api/v0/budgets/${(await api('POST', '/api/v0/budgets', owner(), { scope: 'team', teamId: await newTeam(), unit: 'money', amount: 100 })).budget.id}` }),
  },
  'POST /api/v0/computers': { roles: ['owner', 'manager', 'member'], action: 'computer_token.created', request: async () => ({ url: '/api/v0/computers', payload: { name: unique('walk-box') } }) },
  'PATCH /api/v0/computers/{computerId}': { roles: ['owner', 'manager', 'member'], action: 'computer.updated', request: async (caller) => ({ url: `/api/v0/computers/${await newComputer(caller.key)}`, payload: { name: unique('renamed-box') } }) },
  'DELETE /api/v0/computers/{computerId}': { roles: ['owner', 'manager', 'member'], action: 'computer_token.revoked', request: async (caller) => ({ url: `/api/v0/computers/${await newComputer(caller.key)}` }) },
  'POST /api/v0/computers/{computerId}/install-deps': { exempt: MACHINE },
  'POST /api/v0/computers/{computerId}/restart': { exempt: MACHINE },
  'POST /api/v0/computers/{computerId}/refresh': { exempt: MACHINE },
  'POST /api/v0/sessions': { exempt: OWN_WORK },
  'PATCH /api/v0/sessions/{sessionId}': { exempt: OWN_WORK },
  'DELETE /api/v0/sessions/{sessionId}': { exempt: OWN_WORK },
  'POST /api/v0/sessions/{sessionId}/interrupt': { exempt: OWN_WORK },
  'POST /api/v0/sessions/{sessionId}/messages': { exempt: OWN_WORK },
  'POST /api/v0/auth/sign-in': {
    roles: EVERYONE,
    action: 'sign_in.succeeded',
    request: async (caller) => {
      const user = await newUser(caller.role);
      await acceptInvitation(server, user);
      return { url: '/api/v0/auth/sign-in', headers: { origin: APP_URL }, payload: { email: user.email, password: TEST_PASSWORD }, actorId: user.id };
    },
  },
  'POST /api/v0/auth/sso/start': { exempt: 'tells the sign-in page where an e-mail signs in; changes nothing (the sign-in that follows is audited)' },
  'POST /api/v0/auth/invitations/accept': {
    roles: EVERYONE,
    action: 'member.joined',
    request: async (caller) => {
      const user = await newUser(caller.role);
      return { url: '/api/v0/auth/invitations/accept', headers: { origin: APP_URL }, payload: { token: invitationToken(user.inviteUrl), password: TEST_PASSWORD }, actorId: user.id };
    },
  },
  'POST /api/v0/auth/setup': { exempt: "the server's first-run setup link: it creates the first organization, whose owner's joining is audited there (member.joined, method setup)" },
  'DELETE /api/v0/auth/session': {
    roles: EVERYONE,
    action: 'sign_out',
    request: async (caller) => {
      const user = await newUser(caller.role);
      return { url: '/api/v0/auth/session', headers: consoleHeaders(server, await acceptInvitation(server, user)), actorId: user.id };
    },
  },
  'POST /api/organization/maturity-level-reports': { exempt: REPORTED },
  'POST /api/organization/agent-readiness-reports': { exempt: REPORTED },
  'POST /api/v1/telemetry/events': { exempt: `${REPORTED}; an owner's void of it is audited (telemetry.voided)` },
  'POST /api/v1/git-hosts/{gitHostId}/webhook': { exempt: "the git host's signed events (pull requests, pushes), recorded as its deliveries" },
  'POST /api/v0/agent/heartbeat': { exempt: AGENT },
  'PATCH /api/v0/agent/provisioning-steps/{stepId}': { exempt: AGENT },
  'POST /api/v0/agent/claim': { exempt: AGENT },
  'POST /api/v0/agent/sessions/{sessionId}/messages': { exempt: AGENT },
  'POST /api/v0/agent/sessions/{sessionId}/finish': { exempt: AGENT },
  'POST /api/v0/agent/sessions': { exempt: AGENT },
  'POST /api/v0/agent/readiness-evaluations/claim': { exempt: AGENT },
  'POST /api/v0/agent/readiness-evaluations/{id}/report': { exempt: AGENT },
  'POST /api/v0/agent/readiness-evaluations/{id}/failure': { exempt: AGENT },
  'POST /v1/metrics': { exempt: REPORTED },
  'POST /v1/logs': { exempt: REPORTED },
  'POST /v1/traces': { exempt: REPORTED },
  'POST /scim/v2/Users': { roles: OWNERS, actor: 'scim', action: 'member.created', request: async () => ({ url: '/scim/v2/Users', headers: scimHeaders(), payload: { schemas: [USER], userName: `${unique('scim')}@walk.test`, active: true } }) },
  'PUT /scim/v2/Users/{id}': {
    roles: OWNERS,
    actor: 'scim',
    action: 'member.updated',
    request: async () => ({ url: `/scim/v2/Users/${await scimUser()}`, headers: scimHeaders(), payload: { schemas: [USER], userName: `${unique('scim-put')}@walk.test`, active: true } }),
  },
  'PATCH /scim/v2/Users/{id}': {
    roles: OWNERS,
    actor: 'scim',
    action: 'member.deactivated',
    request: async () => ({ url: `/scim/v2/Users/${await scimUser()}`, headers: scimHeaders(), payload: { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: false }] } }),
  },
  'DELETE /scim/v2/Users/{id}': { roles: OWNERS, actor: 'scim', action: 'member.deactivated', request: async () => ({ url: `/scim/v2/Users/${await scimUser()}`, headers: scimHeaders() }) },
  'POST /scim/v2/Groups': { roles: OWNERS, actor: 'scim', action: 'team.created', request: async () => ({ url: '/scim/v2/Groups', headers: scimHeaders(), payload: { schemas: [GROUP], displayName: unique('Group') } }) },
  'PUT /scim/v2/Groups/{id}': { roles: OWNERS, actor: 'scim', action: 'team.updated', request: async () => ({ url: `/scim/v2/Groups/${await scimGroup()}`, headers: scimHeaders(), payload: { schemas: [GROUP], displayName: unique('Renamed group') } }) },
  'PATCH /scim/v2/Groups/{id}': {
    roles: OWNERS,
    actor: 'scim',
    action: 'team.member_added',
    request: async () => ({ url: `/scim/v2/Groups/${await scimGroup()}`, headers: scimHeaders(), payload: { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'members', value: [{ value: await scimUser() }] }] } }),
  },
  'DELETE /scim/v2/Groups/{id}': { roles: OWNERS, actor: 'scim', action: 'team.deleted', request: async () => ({ url: `/scim/v2/Groups/${await scimGroup()}`, headers: scimHeaders() }) },
};

/** Routes walked at once. */
const BATCH = 4;

interface Entry {
  action: string;
  actor: { type: string; userId: string | null };
  requestId: string | null;
}

async function allEntries(): Promise<Entry[]> {
  const entries: Entry[] = [];
  let cursor: string | null = null;
  do {
    const page: { entries: Entry[]; pagination: { nextCursor: string | null } } = await api('GET', `/api/v0/organization/audit-log?limit=100${cursor ? `&cursor=${cursor}` : ''}`, owner());
    entries.push(...page.entries);
    cursor = page.pagination.nextCursor;
  } while (cursor);
  return entries;
}

describe('the audit walk', () => {
  it('has an entry, audited or exempt with its reason, for every mutating route of the OpenAPI document, and none for a route that is gone', () => {
    const mutating = operations.filter((operation) => MUTATING.includes(operation.method)).map((operation) => operation.key);
    expect(mutating.length).toBeGreaterThan(60);
    expect(mutating.filter((key) => !(key in WALK)), 'mutating routes the walk does not know: add them to WALK').toEqual([]);
    expect(Object.keys(WALK).filter((key) => !mutating.includes(key)), 'routes in WALK the app no longer has').toEqual([]);
    for (const [key, entry] of Object.entries(WALK)) if ('exempt' in entry) expect(entry.exempt.length, key).toBeGreaterThan(20);
  });

  it('each allowed role makes each audited change and the entry names them and the action; the other roles get 403', async () => {
    const made: { label: string; requestId: string; action: AuditAction; actor: { type: string; userId: string | null } }[] = [];
    const refused: string[] = [];
    const failed: string[] = [];
    const audited = Object.entries(WALK).filter((entry): entry is [string, Audited] => !('exempt' in entry[1]));
    /** One route as each of its roles, one after the other. */
    const walkRoute = async ([key, route]: [string, Audited]) => {
      const [method, path] = key.split(' ') as [HttpMethod, string];
      const others = route.actor === 'scim' ? [] : ROLES.filter((role) => !route.roles.includes(role));
      for (const role of [...route.roles, ...others]) {
        const caller = org.users[role];
        const allowed = route.roles.includes(role);
        // A refused role gets a request the owner could make, so only the role differs.
        const call = await (allowed ? route.request(caller) : route.request(org.owner).then((request) => ({ ...request, headers: undefined }))).catch((error: Error) => error);
        if (call instanceof Error) {
          failed.push(`${role} ${key}: preparing the request failed: ${call.message}`);
          continue;
        }
        const requestId = `walk-${(sequence += 1)}`;
        const response = await server.app.inject({ method, url: call.url, headers: { ...(call.headers ?? auth(caller.key)), 'x-request-id': requestId }, ...(call.payload ? { payload: call.payload } : {}) });
        const label = `${role} ${method} ${path} (${call.url}) -> ${response.statusCode} ${response.body.slice(0, 300)}`;
        if (allowed) {
          if (response.statusCode >= 300) failed.push(label);
          else made.push({ label, requestId, action: route.action, actor: route.actor === 'scim' ? { type: 'scim', userId: null } : { type: 'user', userId: call.actorId ?? caller.id } });
        } else if (response.statusCode !== 403) refused.push(label);
      }
    };
    // Routes run a few at a time; the SSO settings are one per organization, so their three
    // routes (which set, remove and prove them) run alone, after the others.
    const alone = audited.filter(([key]) => key.includes('/organization/sso'));
    const together = audited.filter((entry) => !alone.includes(entry));
    for (let start = 0; start < together.length; start += BATCH) await Promise.all(together.slice(start, start + BATCH).map(walkRoute));
    for (const entry of alone) await walkRoute(entry);
    expect(failed, 'changes an allowed role could not make').toEqual([]);
    expect(refused, 'roles the table does not list that were not refused').toEqual([]);
    const byRequest = new Map<string, Entry[]>();
    for (const entry of await allEntries()) if (entry.requestId) byRequest.set(entry.requestId, [...(byRequest.get(entry.requestId) ?? []), entry]);
    const unaudited = made.filter(({ requestId, action, actor }) => !(byRequest.get(requestId) ?? []).some((entry) => entry.action === action && entry.actor.type === actor.type && entry.actor.userId === actor.userId));
    expect(unaudited.map(({ label, action }) => `${action} not written: ${label}`)).toEqual([]);
    expect(made.length).toBeGreaterThan(80);
  }, 120_000);
});
