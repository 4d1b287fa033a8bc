import { sign } from '@octokit/webhooks-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsOf, type HttpMethod, type Operation } from '../helpers/openapi.js';
import { createScimToken, PATCH_OP } from '../helpers/scim.js';
import { acceptInvitation, auth, consoleHeaders, createOrganization, startTestServer, type ConsoleBrowser, type TestOrganization, type TestServer } from '../helpers/server.js';
import { insertIdentity } from '../otel/fleet.js';

// The cross-tenant walk (issue 50; docs/security.md "The tenant boundary"): every route of the
// OpenAPI document the app serves is called with organization B's credentials (its owner's key,
// which every role check lets through, or B's SCIM token, computer token, ingest key, console
// session) and organization A's ids in the path, the query and the body. A route that names one
// of A's resources answers 404 (401 where the credential itself is the boundary, as for a git
// host's signed receiver); no answer carries any of A's ids, names or e-mails that the request
// did not itself send; and A's state, read through the API before and after, is unchanged. A route
// of the document with no entry in WALK fails the walk, and so does an entry for a route gone.

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const APP_URL = 'http://127.0.0.1:9';
const DAY = '2026-03-02';

/** Organization A's resources, by the ids B will send. */
interface Victim {
  org: TestOrganization;
  team: string;
  webhook: string;
  delivery: string;
  gitHost: string;
  gitHostSecret: string;
  pullRequest: string;
  budget: string;
  computer: string;
  computerName: string;
  session: string;
  message: string;
  apiKey: string;
  ingestKey: string;
  scimToken: string;
  scimTokenId: string;
  scimUser: string;
  scimGroup: string;
  identity: string;
  agentSession: string;
  readinessRepository: string;
  readinessEvaluation: string;
  revision: number;
}

/** Organization B's credentials and a few of its own resources to aim at A's. */
interface Intruder {
  org: TestOrganization;
  scimToken: string;
  computerToken: string;
  ingestKey: string;
  browser: ConsoleBrowser;
  team: string;
  webhook: string;
  gitHost: string;
  session: string;
  scimGroup: string;
}

let server: TestServer;
let operations: Operation[];
let a: Victim;
let b: Intruder;

async function api<T = any>(method: HttpMethod, url: string, key: string, payload?: object | string, headers: Record<string, string> = {}): Promise<T> {
  const response = await server.app.inject({ method, url, headers: { ...auth(key), ...headers }, ...(payload !== undefined ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return (response.body ? response.json() : undefined) as T;
}

async function pullRequestOf(key: string, tag: string): Promise<{ gitHost: string; secret: string; pullRequest: string }> {
  const { id, webhookSecret } = await api('POST', '/api/v0/git-hosts', key, { provider: 'github', name: `${tag} host` });
  const repository = { html_url: `https://github.com/${tag}/${id}` };
  const body = JSON.stringify({ action: 'opened', repository, pull_request: { number: 1, html_url: `${repository.html_url}/pull/1`, user: { login: `${tag}-author` }, head: { ref: 'b' }, created_at: `${DAY}T01:00:00Z`, merged_at: null } });
  await api('POST', `/api/v1/git-hosts/${id}/webhook`, 'unused', body, { authorization: '', 'content-type': 'application/json', 'x-github-event': 'pull_request', 'x-github-delivery': `${tag}-${id}`, 'x-hub-signature-256': await sign(webhookSecret, body) });
  const listed = await api('GET', `/api/v0/pull-requests?repository=github.com%2F${tag}%2F${id}`, key);
  return { gitHost: id, secret: webhookSecret, pullRequest: listed.pullRequests[0].id };
}

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '10000000', PUBLIC_APP_URL: APP_URL, WEBHOOK_ALLOW_PRIVATE: 'true' });
  operations = await operationsOf(server.app);
  const [orgA, orgB] = [await createOrganization(server, 'Alpha victim'), await createOrganization(server, 'Bravo intruder')];
  const owner = orgA.owner.key;
  const team = (await api('POST', '/api/v0/teams', owner, { name: 'Alpha secret team' })).team.id;
  await api('POST', `/api/v0/teams/${team}/members`, owner, { userId: orgA.users.member.id });
  const webhook = (await api('POST', '/api/v0/webhooks', owner, { url: 'http://127.0.0.1:9/alpha-hook', description: 'Alpha secret hook' })).webhook.id;
  const delivery = (await api('POST', `/api/v0/webhooks/${webhook}/test`, owner)).delivery.id;
  const outcomes = await pullRequestOf(owner, 'alpha');
  const budget = (await api('POST', '/api/v0/budgets', owner, { scope: 'team', teamId: team, unit: 'credits', amount: 777 })).budget.id;
  const computer = await api('POST', '/api/v0/computers', owner, { name: 'alpha-secret-box' });
  const session = (await api('POST', '/api/v0/sessions', owner, { title: 'Alpha secret session', computerId: computer.id })).sessionId;
  const message = (await api('POST', `/api/v0/sessions/${session}/messages`, owner, { text: 'alpha secret words' })).messageId;
  const apiKey = (await api('POST', '/api/v0/api-keys', orgA.users.member.key, { name: 'alpha member key' })).id;
  const ingest = await api('POST', '/api/v0/api-keys', owner, { name: 'alpha fleet', kind: 'ingest' });
  const scimA = await createScimToken(server, owner, 'Alpha IdP');
  const scimUser = (await api('POST', '/scim/v2/Users', scimA.token, { schemas: [USER], userName: 'alpha-scim-person@alpha.test', active: true })).id;
  const scimGroup = (await api('POST', '/scim/v2/Groups', scimA.token, { schemas: [GROUP], displayName: 'Alpha secret group', members: [{ value: scimUser }] })).id;
  const identity = await insertIdentity(server.store.db, orgA.id, { value: 'alpha-laptop@alpha.test' });
  const event = { id: 'alpha-event-1', type: 'model_call', timestamp: Date.now(), userId: orgA.users.member.id, sessionId: 'alpha-agent-session', client: 'terminal-ui', modelId: 'claude-sonnet-4-5', modelTier: 'standard', inputTokens: 10, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, billableTokens: 11 };
  await api('POST', '/api/v1/telemetry/events', ingest.key, { events: [event] });
  const agentSession = (await api('GET', '/api/v0/agent-sessions', owner)).agentSessions[0]?.id ?? 'none';
  const readinessRepository = (await api('POST', '/api/v0/readiness/repositories', owner, { cloneUrl: 'https://github.com/alpha/secret-repo.git' })).repository.id;
  const readinessEvaluation = (await api('POST', '/api/v0/readiness/evaluations', owner, { repoId: 'github.com/alpha/secret-repo' })).evaluations[0].id;
  let revision = 0;
  for (const guidance of ['one', 'two', 'three']) revision = (await api('PATCH', '/api/v0/organization/enterprise-controls', owner, { routerGuidance: `alpha ${guidance}` })).revision;
  a = {
    org: orgA,
    team,
    webhook,
    delivery,
    gitHost: outcomes.gitHost,
    gitHostSecret: outcomes.secret,
    pullRequest: outcomes.pullRequest,
    budget,
    computer: computer.id,
    computerName: computer.name,
    session,
    message,
    apiKey,
    ingestKey: ingest.id,
    scimToken: scimA.token,
    scimTokenId: scimA.id,
    scimUser,
    scimGroup,
    identity,
    agentSession,
    readinessRepository,
    readinessEvaluation,
    revision,
  };

  const intruder = orgB.owner.key;
  const computerB = await api('POST', '/api/v0/computers', intruder, { name: 'bravo-box' });
  const scimB = await createScimToken(server, intruder, 'Bravo IdP');
  b = {
    org: orgB,
    scimToken: scimB.token,
    computerToken: computerB.computerToken,
    ingestKey: (await api('POST', '/api/v0/api-keys', intruder, { name: 'bravo fleet', kind: 'ingest' })).key,
    browser: await acceptInvitation(server, orgB.owner),
    team: (await api('POST', '/api/v0/teams', intruder, { name: 'Bravo team' })).team.id,
    webhook: (await api('POST', '/api/v0/webhooks', intruder, { url: 'http://127.0.0.1:9/bravo' })).webhook.id,
    gitHost: (await api('POST', '/api/v0/git-hosts', intruder, { provider: 'github' })).id,
    session: (await api('POST', '/api/v0/sessions', intruder, { title: 'Bravo session', computerId: computerB.id })).sessionId,
    scimGroup: (await api('POST', '/scim/v2/Groups', scimB.token, { schemas: [GROUP], displayName: 'Bravo group' })).id,
  };
}, 120_000);
afterAll(async () => server?.close());

type Credential = 'owner' | 'scim' | 'computer' | 'ingest' | 'console' | 'none';

/** One request B sends, and what it must get. */
interface Probe {
  url: string;
  payload?: object | string;
  headers?: Record<string, string>;
  /** Whose credential: B's owner key unless said. */
  as?: Credential;
  /**
   * 404: names A's resource. 401: the credential is refused (B's key on the operator's routes, B's
   * signature on A's git host). 'refused': any 4xx (A's id in a body, where 400 or 404 are both the
   * conventions). 'own': a route about B itself; it may succeed, with B's data only.
   */
  expect: 404 | 401 | 'refused' | 'own';
}

type Entry = (walk: { a: Victim; b: Intruder }) => Probe | Probe[] | Promise<Probe | Probe[]>;

const scimJson = { 'content-type': 'application/scim+json' };
const own = (url: string, extra: Partial<Probe> = {}): Entry => () => ({ url, expect: 'own', ...extra });

const WALK: Record<string, Entry> = {
  'GET /healthz': own('/healthz'),
  'GET /readyz': own('/readyz'),
  'POST /admin/v1/organizations': () => ({ url: '/admin/v1/organizations', payload: { name: 'Hijack', ownerEmail: 'hijack@bravo.test' }, expect: 401 }),
  'POST /admin/v1/rollups/run': () => ({ url: '/admin/v1/rollups/run', expect: 401 }),
  'POST /admin/v1/telemetry/retention/run': () => ({ url: '/admin/v1/telemetry/retention/run', expect: 401 }),
  'POST /admin/v1/backup': () => ({ url: '/admin/v1/backup', expect: 401 }),
  'POST /api/v0/auth/token': own('/api/v0/auth/token'),
  'GET /api/v0/api-keys': own('/api/v0/api-keys'),
  'POST /api/v0/api-keys': own('/api/v0/api-keys', { payload: { name: 'bravo key' } }),
  'DELETE /api/v0/api-keys/{id}': ({ a }) => ({ url: `/api/v0/api-keys/${a.apiKey}`, expect: 404 }),
  'GET /api/v0/organization/users': own('/api/v0/organization/users'),
  'POST /api/v0/organization/users': ({ a }) => ({ url: '/api/v0/organization/users', payload: { email: a.org.users.manager.email, role: 'member' }, expect: 'own' }),
  'PATCH /api/v0/organization/users/{userId}': ({ a }) => ({ url: `/api/v0/organization/users/${a.org.users.member.id}`, payload: { role: 'guest' }, expect: 404 }),
  'DELETE /api/v0/organization/users/{userId}': ({ a }) => ({ url: `/api/v0/organization/users/${a.org.users.manager.id}`, expect: 404 }),
  'POST /api/v0/organization/users/{userId}/invite': ({ a }) => ({ url: `/api/v0/organization/users/${a.org.users.guest.id}/invite`, expect: 404 }),
  'POST /api/v0/organization/users/{userId}/reactivate': ({ a }) => ({ url: `/api/v0/organization/users/${a.org.users.guest.id}/reactivate`, expect: 404 }),
  'GET /api/v0/organization/audit-log': ({ a }) => ({ url: `/api/v0/organization/audit-log?actorUserId=${a.org.owner.id}&targetId=${a.team}`, expect: 'own' }),
  'GET /api/v0/organization/sso': own('/api/v0/organization/sso'),
  'PUT /api/v0/organization/sso': ({ a }) => ({ url: '/api/v0/organization/sso', payload: { issuer: 'https://idp.bravo.test', clientId: 'x', clientSecret: 'y', allowedDomains: ['bravo.test'], breakGlassUserId: a.org.owner.id }, expect: 'refused' }),
  'DELETE /api/v0/organization/sso': own('/api/v0/organization/sso'),
  'GET /api/v0/organization/sso/domains': own('/api/v0/organization/sso/domains'),
  'POST /api/v0/organization/sso/domains/{domain}/verify': () => ({ url: '/api/v0/organization/sso/domains/alpha.test/verify', expect: 404 }),
  'GET /api/v0/organization/users/me/preferences': own('/api/v0/organization/users/me/preferences'),
  'PATCH /api/v0/organization/users/me': own('/api/v0/organization/users/me', { payload: { name: 'Bravo person' } }),
  'PATCH /api/v0/organization/users/me/preferences': own('/api/v0/organization/users/me/preferences', { payload: { emailNotifications: false } }),
  'GET /api/v0/teams': own('/api/v0/teams'),
  'POST /api/v0/teams': own('/api/v0/teams', { payload: { name: 'Bravo second team' } }),
  'GET /api/v0/teams/{teamId}': ({ a }) => ({ url: `/api/v0/teams/${a.team}`, expect: 404 }),
  'PATCH /api/v0/teams/{teamId}': ({ a }) => ({ url: `/api/v0/teams/${a.team}`, payload: { name: 'Taken over' }, expect: 404 }),
  'DELETE /api/v0/teams/{teamId}': ({ a }) => ({ url: `/api/v0/teams/${a.team}`, expect: 404 }),
  'GET /api/v0/teams/{teamId}/members': ({ a }) => ({ url: `/api/v0/teams/${a.team}/members`, expect: 404 }),
  'POST /api/v0/teams/{teamId}/members': ({ a, b }) => [
    { url: `/api/v0/teams/${a.team}/members`, payload: { userId: b.org.users.member.id }, expect: 404 },
    { url: `/api/v0/teams/${b.team}/members`, payload: { userId: a.org.users.member.id }, expect: 'refused' },
  ],
  'DELETE /api/v0/teams/{teamId}/members/{userId}': ({ a, b }) => [
    { url: `/api/v0/teams/${a.team}/members/${a.org.users.member.id}`, expect: 404 },
    { url: `/api/v0/teams/${b.team}/members/${a.org.users.member.id}`, expect: 404 },
  ],
  'GET /api/v0/organization/connected-agents': own(`/api/v0/organization/connected-agents`),
  'GET /api/v0/organization/telemetry-identities': own('/api/v0/organization/telemetry-identities'),
  'POST /api/v0/organization/telemetry-identities/{id}/link': ({ a, b }) => ({ url: `/api/v0/organization/telemetry-identities/${a.identity}/link`, payload: { userId: b.org.users.member.id }, expect: 404 }),
  'POST /api/v0/organization/telemetry-voids': ({ a }) => [
    { url: '/api/v0/organization/telemetry-voids', payload: { ingestKeyId: a.ingestKey, from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() }, expect: 404 },
    { url: '/api/v0/organization/telemetry-voids', payload: { ingestKeyId: a.ingestKey, userId: a.org.users.member.id, from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() }, expect: 404 },
  ],
  'GET /api/v0/organization/enterprise-controls': own('/api/v0/organization/enterprise-controls'),
  'PATCH /api/v0/organization/enterprise-controls': own('/api/v0/organization/enterprise-controls', { payload: { routerGuidance: 'bravo' } }),
  'GET /api/v0/organization/enterprise-controls/history': own('/api/v0/organization/enterprise-controls/history'),
  'GET /api/v0/organization/enterprise-controls/history/{revision}/diff': ({ a }) => ({ url: `/api/v0/organization/enterprise-controls/history/${a.revision}/diff`, expect: 404 }),
  'GET /api/v0/organization/usage/limits/me': own('/api/v0/organization/usage/limits/me'),
  'GET /api/v0/organization/usage/limits/users': own('/api/v0/organization/usage/limits/users'),
  'PUT /api/v0/organization/usage/limits/users': ({ a }) => ({ url: '/api/v0/organization/usage/limits/users', payload: { users: [{ email: a.org.users.member.email, limit: 1 }, { email: a.org.owner.email, limit: 1 }] }, expect: 'own' }),
  'GET /api/v0/organization/usage/limits/global': own('/api/v0/organization/usage/limits/global'),
  'PUT /api/v0/organization/usage/limits/global': own('/api/v0/organization/usage/limits/global', { payload: { limit: 1 } }),
  'GET /api/v0/organization/prices': own('/api/v0/organization/prices'),
  'PATCH /api/v0/organization/prices': own('/api/v0/organization/prices', { payload: { discount: 0.5 } }),
  'GET /api/v0/organization/prices/dataset': own('/api/v0/organization/prices/dataset'),
  'PUT /api/v0/organization/prices/models': own('/api/v0/organization/prices/models', { payload: { models: [{ modelId: 'claude-sonnet-4-5', prices: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } }] } }),
  'GET /api/v0/webhooks': own('/api/v0/webhooks'),
  'POST /api/v0/webhooks': own('/api/v0/webhooks', { payload: { url: 'http://127.0.0.1:9/bravo-hook' } }),
  'GET /api/v0/webhooks/{webhookId}': ({ a }) => ({ url: `/api/v0/webhooks/${a.webhook}`, expect: 404 }),
  'PATCH /api/v0/webhooks/{webhookId}': ({ a }) => ({ url: `/api/v0/webhooks/${a.webhook}`, payload: { url: 'http://127.0.0.1:9/stolen', enabled: false }, expect: 404 }),
  'DELETE /api/v0/webhooks/{webhookId}': ({ a }) => ({ url: `/api/v0/webhooks/${a.webhook}`, expect: 404 }),
  'POST /api/v0/webhooks/{webhookId}/rotate-secret': ({ a }) => ({ url: `/api/v0/webhooks/${a.webhook}/rotate-secret`, expect: 404 }),
  'GET /api/v0/webhooks/{webhookId}/deliveries': ({ a }) => ({ url: `/api/v0/webhooks/${a.webhook}/deliveries`, expect: 404 }),
  'GET /api/v0/webhooks/{webhookId}/attempts': ({ a }) => ({ url: `/api/v0/webhooks/${a.webhook}/attempts`, expect: 404 }),
  'POST /api/v0/webhooks/{webhookId}/deliveries/{deliveryId}/replay': ({ a, b }) => [
    { url: `/api/v0/webhooks/${a.webhook}/deliveries/${a.delivery}/replay`, expect: 404 },
    { url: `/api/v0/webhooks/${b.webhook}/deliveries/${a.delivery}/replay`, expect: 404 },
  ],
  'POST /api/v0/webhooks/{webhookId}/test': ({ a }) => ({ url: `/api/v0/webhooks/${a.webhook}/test`, expect: 404 }),
  'GET /api/v0/git-hosts': own('/api/v0/git-hosts'),
  'POST /api/v0/git-hosts': own('/api/v0/git-hosts', { payload: { provider: 'github', name: 'alpha host' } }),
  'GET /api/v0/git-hosts/{gitHostId}': ({ a }) => ({ url: `/api/v0/git-hosts/${a.gitHost}`, expect: 404 }),
  'DELETE /api/v0/git-hosts/{gitHostId}': ({ a }) => ({ url: `/api/v0/git-hosts/${a.gitHost}`, expect: 404 }),
  'GET /api/v0/git-hosts/{gitHostId}/deliveries': ({ a }) => ({ url: `/api/v0/git-hosts/${a.gitHost}/deliveries`, expect: 404 }),
  'POST /api/v0/agent-commits': () => ({
    url: '/api/v0/agent-commits',
    payload: { commits: [{ sha: 'a'.repeat(40), repository: 'github.com/alpha/shop', branch: 'main', sessionId: 'alpha-agent-session', agent: 'claude-code', committedAt: `${DAY}T09:00:00Z`, linesAdded: 1, linesRemoved: 0 }] },
    expect: 'own',
  }),
  'GET /api/v0/pull-requests': ({ a }) => ({ url: `/api/v0/pull-requests?userId=${a.org.owner.id}`, expect: 'own' }),
  'GET /api/v0/pull-requests/{pullRequestId}': ({ a }) => ({ url: `/api/v0/pull-requests/${a.pullRequest}`, expect: 404 }),
  'GET /api/v0/organization/scim-tokens': own('/api/v0/organization/scim-tokens'),
  'POST /api/v0/organization/scim-tokens': own('/api/v0/organization/scim-tokens', { payload: { name: 'Alpha IdP' } }),
  'DELETE /api/v0/organization/scim-tokens/{id}': ({ a }) => ({ url: `/api/v0/organization/scim-tokens/${a.scimTokenId}`, expect: 404 }),
  'GET /api/v0/budgets': own('/api/v0/budgets'),
  'POST /api/v0/budgets': ({ a }) => ({ url: '/api/v0/budgets', payload: { scope: 'team', teamId: a.team, unit: 'credits', amount: 1 }, expect: 'refused' }),
  'GET /api/v0/budgets/members': own('/api/v0/budgets/members'),
  'GET /api/v0/budgets/{budgetId}': ({ a }) => ({ url: `/api/v0/budgets/${a.budget}`, expect: 404 }),
  'PATCH /api/v0/budgets/{budgetId}': ({ a }) => ({ url: `/api/v0/budgets/${a.budget}`, payload: { amount: 1 }, expect: 404 }),
  'DELETE /api/v0/budgets/{budgetId}': ({ a }) => ({ url: `/api/v0/budgets/${a.budget}`, expect: 404 }),
  'POST /api/v0/computers': own('/api/v0/computers', { payload: { name: 'bravo-second-box' } }),
  'GET /api/v0/computers': own('/api/v0/computers'),
  'GET /api/v0/computers/{computerId}': ({ a }) => ({ url: `/api/v0/computers/${a.computer}`, expect: 404 }),
  'PATCH /api/v0/computers/{computerId}': ({ a }) => ({ url: `/api/v0/computers/${a.computer}`, payload: { name: 'taken-over' }, expect: 404 }),
  'DELETE /api/v0/computers/{computerId}': ({ a }) => ({ url: `/api/v0/computers/${a.computer}`, expect: 404 }),
  'POST /api/v0/computers/{computerId}/install-deps': ({ a }) => ({ url: `/api/v0/computers/${a.computer}/install-deps`, expect: 404 }),
  'GET /api/v0/computers/name/{name}': ({ a }) => ({ url: `/api/v0/computers/name/${a.computerName}`, expect: 404 }),
  'POST /api/v0/computers/{computerId}/restart': ({ a }) => ({ url: `/api/v0/computers/${a.computer}/restart`, expect: 404 }),
  'POST /api/v0/computers/{computerId}/refresh': ({ a }) => ({ url: `/api/v0/computers/${a.computer}/refresh`, expect: 404 }),
  'GET /api/v0/computers/{computerId}/metrics': ({ a }) => ({ url: `/api/v0/computers/${a.computer}/metrics`, expect: 404 }),
  'POST /api/v0/sessions': ({ a }) => [
    { url: '/api/v0/sessions', payload: { title: 'on their box', computerId: a.computer }, expect: 'refused' },
    { url: '/api/v0/sessions', payload: { title: 'their child', parentSessionId: a.session }, expect: 'refused' },
  ],
  'GET /api/v0/sessions': ({ a }) => [
    { url: `/api/v0/sessions?computerId=${a.computer}`, expect: 'own' },
    { url: `/api/v0/sessions?ownerId=${a.org.owner.id}`, expect: 'own' },
  ],
  'GET /api/v0/sessions/{sessionId}': ({ a }) => ({ url: `/api/v0/sessions/${a.session}`, expect: 404 }),
  'PATCH /api/v0/sessions/{sessionId}': ({ a }) => ({ url: `/api/v0/sessions/${a.session}`, payload: { title: 'taken over' }, expect: 404 }),
  'DELETE /api/v0/sessions/{sessionId}': ({ a }) => ({ url: `/api/v0/sessions/${a.session}`, expect: 404 }),
  'POST /api/v0/sessions/{sessionId}/interrupt': ({ a }) => ({ url: `/api/v0/sessions/${a.session}/interrupt`, expect: 404 }),
  'POST /api/v0/sessions/{sessionId}/messages': ({ a, b }) => [
    { url: `/api/v0/sessions/${a.session}/messages`, payload: { text: 'injected' }, expect: 404 },
    { url: `/api/v0/sessions/${b.session}/messages`, payload: { text: 'to their box', computerId: a.computer }, expect: 'refused' },
  ],
  'GET /api/v0/sessions/{sessionId}/messages': ({ a }) => ({ url: `/api/v0/sessions/${a.session}/messages`, expect: 404 }),
  'GET /api/v0/sessions/{sessionId}/messages/{messageId}': ({ a, b }) => [
    { url: `/api/v0/sessions/${a.session}/messages/${a.message}`, expect: 404 },
    { url: `/api/v0/sessions/${b.session}/messages/${a.message}`, expect: 404 },
  ],
  'GET /api/v0/sessions/{sessionId}/children': ({ a }) => ({ url: `/api/v0/sessions/${a.session}/children`, expect: 404 }),
  'GET /api/v0/agent-sessions': ({ a }) => ({ url: `/api/v0/agent-sessions?user=${a.org.users.member.id}&team=${a.team}`, expect: 'own' }),
  'GET /api/v0/agent-sessions/{agentSessionId}': ({ a }) => ({ url: `/api/v0/agent-sessions/${a.agentSession}`, expect: 404 }),
  'GET /api/v0/agent-sessions/waste': own('/api/v0/agent-sessions/waste'),
  'GET /api/v0/readiness/repositories': own('/api/v0/readiness/repositories'),
  'POST /api/v0/readiness/repositories': own('/api/v0/readiness/repositories', { payload: { cloneUrl: 'https://github.com/bravo/own-repo.git' } }),
  'DELETE /api/v0/readiness/repositories/{id}': ({ a }) => ({ url: `/api/v0/readiness/repositories/${a.readinessRepository}`, expect: 404 }),
  'GET /api/v0/readiness/evaluations': own('/api/v0/readiness/evaluations'),
  'POST /api/v0/readiness/evaluations': () => ({ url: '/api/v0/readiness/evaluations', payload: { repoId: 'github.com/alpha/secret-repo' }, expect: 'refused' }),
  'GET /api/v0/readiness/evaluations/{id}': ({ a }) => ({ url: `/api/v0/readiness/evaluations/${a.readinessEvaluation}`, expect: 404 }),
  'POST /api/v0/auth/sign-in': ({ a }) => ({ url: '/api/v0/auth/sign-in', as: 'none', headers: { origin: APP_URL }, payload: { email: a.org.owner.email, password: 'not their password' }, expect: 401 }),
  'POST /api/v0/auth/sso/start': ({ a }) => ({ url: '/api/v0/auth/sso/start', as: 'none', headers: { origin: APP_URL }, payload: { email: a.org.owner.email }, expect: 'own' }),
  'GET /api/v0/auth/sso/callback': ({ a }) => ({ url: `/api/v0/auth/sso/callback?state=${a.org.id}&code=x`, as: 'console', expect: 'own' }),
  'POST /api/v0/auth/invitations/accept': ({ a }) => ({ url: '/api/v0/auth/invitations/accept', as: 'none', headers: { origin: APP_URL }, payload: { token: a.org.users.guest.id, password: 'correct horse battery staple' }, expect: 'refused' }),
  'POST /api/v0/auth/setup': ({ a }) => ({ url: '/api/v0/auth/setup', as: 'none', headers: { origin: APP_URL }, payload: { token: a.org.id, organizationName: 'Alpha victim', email: a.org.owner.email, password: 'correct horse battery staple' }, expect: 'refused' }),
  'GET /api/v0/auth/session': own('/api/v0/auth/session', { as: 'console' }),
  'DELETE /api/v0/auth/session': own('/api/v0/auth/session', { as: 'console' }),
  'GET /api/organization/maturity-level-reports': own('/api/organization/maturity-level-reports?repoId=github.com%2Falpha%2Fshop'),
  'POST /api/organization/maturity-level-reports': own('/api/organization/maturity-level-reports', { payload: { repoUrl: 'https://github.com/alpha/shop', apps: {}, report: {} } }),
  'GET /api/organization/agent-readiness-reports': own('/api/organization/agent-readiness-reports?repoId=github.com%2Falpha%2Fshop'),
  'POST /api/organization/agent-readiness-reports': own('/api/organization/agent-readiness-reports', { payload: { repoUrl: 'https://github.com/alpha/shop', apps: {}, report: {} } }),
  'POST /api/v1/telemetry/events': ({ a }) => ({
    url: '/api/v1/telemetry/events',
    as: 'ingest',
    // A's member named by id: not a member of B, refused (400); B's key writes into B only.
    payload: { events: [{ id: 'bravo-forged-1', type: 'model_call', timestamp: Date.now(), userId: a.org.users.member.id, sessionId: 'alpha-agent-session', client: 'terminal-ui', modelId: 'claude-sonnet-4-5', modelTier: 'standard', inputTokens: 10_000, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, billableTokens: 10_001 }] },
    expect: 'refused',
  }),
  'GET /api/v1/analytics/tokens': ({ a }) => ({ url: `/api/v1/analytics/tokens?startDate=${DAY}&endDate=${DAY}&group_by=team&team_id=${a.team}`, expect: 'refused' }),
  'GET /api/v1/analytics/tools': ({ a }) => ({ url: `/api/v1/analytics/tools?startDate=${DAY}&endDate=${DAY}&group_by=team&team_id=${a.team}`, expect: 'refused' }),
  'GET /api/v1/analytics/activity': ({ a }) => ({ url: `/api/v1/analytics/activity?startDate=${DAY}&endDate=${DAY}&group_by=team&team_id=${a.team}`, expect: 'refused' }),
  'GET /api/v1/analytics/productivity': ({ a }) => ({ url: `/api/v1/analytics/productivity?startDate=${DAY}&endDate=${DAY}&group_by=team&team_id=${a.team}`, expect: 'refused' }),
  'GET /api/v1/analytics/users': own(`/api/v1/analytics/users?startDate=${DAY}&endDate=${DAY}`),
  'GET /api/v1/analytics/repositories': own(`/api/v1/analytics/repositories?startDate=${DAY}&endDate=${DAY}`),
  'GET /api/v1/analytics/attributed-costs': own(`/api/v1/analytics/attributed-costs?startDate=${DAY}&endDate=${DAY}`),
  'GET /api/v1/analytics/today': own('/api/v1/analytics/today'),
  'GET /api/v1/analytics/model-latency': own(`/api/v1/analytics/model-latency?startDate=${DAY}&endDate=${DAY}`),
  'GET /api/v1/analytics/premium-requests': own(`/api/v1/analytics/premium-requests?startDate=${DAY}&endDate=${DAY}`),
  'GET /api/v1/analytics/outcomes': own(`/api/v1/analytics/outcomes?startDate=${DAY}&endDate=${DAY}`),
  'POST /api/v1/git-hosts/{gitHostId}/webhook': async ({ a, b }) => {
    const body = JSON.stringify({ action: 'closed', repository: { html_url: 'https://github.com/alpha/forged' }, pull_request: { number: 9, html_url: 'https://github.com/alpha/forged/pull/9', user: { login: 'forger' }, head: { ref: 'x' }, created_at: `${DAY}T01:00:00Z`, merged_at: `${DAY}T02:00:00Z` } });
    const headers = (secret: string) => ({ 'content-type': 'application/json', 'x-github-event': 'pull_request', 'x-github-delivery': `forged-${secret.slice(0, 6)}`, 'x-hub-signature-256': '' });
    // B knows its own host's secret only: signed with it, A's receiver refuses the event.
    const bSecret = (await api('GET', `/api/v0/git-hosts/${b.gitHost}`, b.org.owner.key)).webhookSecret ?? 'bravo-does-not-know';
    const signed = { ...headers(bSecret), 'x-hub-signature-256': await sign(bSecret, body) };
    return { url: `/api/v1/git-hosts/${a.gitHost}/webhook`, as: 'none', headers: signed, payload: body, expect: 401 };
  },
  'POST /api/v0/agent/heartbeat': own('/api/v0/agent/heartbeat', { as: 'computer', payload: { runIds: [] } }),
  'PATCH /api/v0/agent/provisioning-steps/{stepId}': own('/api/v0/agent/provisioning-steps/connect', { as: 'computer', payload: { status: 'running' } }),
  'POST /api/v0/agent/claim': own('/api/v0/agent/claim?waitMs=0', { as: 'computer' }),
  'POST /api/v0/agent/sessions/{sessionId}/messages': ({ a }) => ({ url: `/api/v0/agent/sessions/${a.session}/messages?runId=run_x`, as: 'computer', payload: { role: 'assistant', content: [{ text: 'forged' }] }, expect: 404 }),
  'POST /api/v0/agent/sessions/{sessionId}/finish': ({ a }) => ({ url: `/api/v0/agent/sessions/${a.session}/finish?runId=run_x`, as: 'computer', expect: 404 }),
  'POST /api/v0/agent/sessions': ({ a }) => ({ url: '/api/v0/agent/sessions', as: 'computer', payload: { parentSessionId: a.session, title: 'forged child' }, expect: 404 }),
  'POST /api/v0/agent/readiness-evaluations/claim': own('/api/v0/agent/readiness-evaluations/claim', { as: 'computer' }),
  'POST /api/v0/agent/readiness-evaluations/{id}/report': ({ a }) => ({ url: `/api/v0/agent/readiness-evaluations/${a.readinessEvaluation}/report`, as: 'computer', payload: { repoUrl: 'https://github.com/alpha/secret-repo', apps: {}, report: {} }, expect: 404 }),
  'POST /api/v0/agent/readiness-evaluations/{id}/failure': ({ a }) => ({ url: `/api/v0/agent/readiness-evaluations/${a.readinessEvaluation}/failure`, as: 'computer', payload: { error: 'forged' }, expect: 404 }),
  'POST /v1/metrics': own('/v1/metrics', { as: 'ingest', payload: { resourceMetrics: [] } }),
  'POST /v1/logs': ({ a }) => ({ url: '/v1/logs', as: 'ingest', payload: otlpLogs(a.org.users.member.email), expect: 'own' }),
  'POST /v1/traces': own('/v1/traces', { as: 'ingest', payload: { resourceSpans: [] } }),
  'GET /scim/v2/ServiceProviderConfig': own('/scim/v2/ServiceProviderConfig', { as: 'scim' }),
  'GET /scim/v2/Schemas': own('/scim/v2/Schemas', { as: 'scim' }),
  'GET /scim/v2/ResourceTypes': own('/scim/v2/ResourceTypes', { as: 'scim' }),
  'GET /scim/v2/Users': ({ a }) => ({ url: `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${a.org.owner.email}"`)}`, as: 'scim', expect: 'own' }),
  'POST /scim/v2/Users': ({ a }) => ({ url: '/scim/v2/Users', as: 'scim', headers: scimJson, payload: { schemas: [USER], userName: a.org.users.manager.email, active: true }, expect: 'own' }),
  'GET /scim/v2/Users/{id}': ({ a }) => [
    { url: `/scim/v2/Users/${a.scimUser}`, as: 'scim', expect: 404 },
    { url: `/scim/v2/Users/${a.org.owner.id}`, as: 'scim', expect: 404 },
  ],
  'PUT /scim/v2/Users/{id}': ({ a }) => ({ url: `/scim/v2/Users/${a.scimUser}`, as: 'scim', headers: scimJson, payload: { schemas: [USER], userName: 'taken@bravo.test', active: false }, expect: 404 }),
  'PATCH /scim/v2/Users/{id}': ({ a }) => [
    { url: `/scim/v2/Users/${a.scimUser}`, as: 'scim', headers: scimJson, payload: { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: false }] }, expect: 404 },
    { url: `/scim/v2/Users/${a.org.users.member.id}`, as: 'scim', headers: scimJson, payload: { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: false }] }, expect: 404 },
  ],
  'DELETE /scim/v2/Users/{id}': ({ a }) => ({ url: `/scim/v2/Users/${a.scimUser}`, as: 'scim', expect: 404 }),
  'GET /scim/v2/Groups': own('/scim/v2/Groups?filter=displayName%20eq%20%22Alpha%20secret%20group%22', { as: 'scim' }),
  'POST /scim/v2/Groups': ({ a }) => ({ url: '/scim/v2/Groups', as: 'scim', headers: scimJson, payload: { schemas: [GROUP], displayName: 'Forged', members: [{ value: a.scimUser }] }, expect: 'refused' }),
  'GET /scim/v2/Groups/{id}': ({ a }) => ({ url: `/scim/v2/Groups/${a.scimGroup}`, as: 'scim', expect: 404 }),
  'PUT /scim/v2/Groups/{id}': ({ a }) => ({ url: `/scim/v2/Groups/${a.scimGroup}`, as: 'scim', headers: scimJson, payload: { schemas: [GROUP], displayName: 'Taken', members: [] }, expect: 404 }),
  'PATCH /scim/v2/Groups/{id}': ({ a, b }) => [
    { url: `/scim/v2/Groups/${a.scimGroup}`, as: 'scim', headers: scimJson, payload: { schemas: [PATCH_OP], Operations: [{ op: 'remove', path: 'members' }] }, expect: 404 },
    { url: `/scim/v2/Groups/${b.scimGroup}`, as: 'scim', headers: scimJson, payload: { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'members', value: [{ value: a.scimUser }] }] }, expect: 'refused' },
  ],
  'DELETE /scim/v2/Groups/{id}': ({ a }) => ({ url: `/scim/v2/Groups/${a.scimGroup}`, as: 'scim', expect: 404 }),
};

/** An OTLP/HTTP JSON export naming A's member by e-mail, as Claude Code sends it. */
function otlpLogs(email: string) {
  const attribute = (key: string, value: string) => ({ key, value: { stringValue: value } });
  return {
    resourceLogs: [
      {
        resource: { attributes: [attribute('service.name', 'claude-code')] },
        scopeLogs: [
          {
            logRecords: [
              {
                timeUnixNano: String(Date.now() * 1_000_000),
                body: { stringValue: 'claude_code.api_request' },
                attributes: [attribute('event.name', 'api_request'), attribute('user.email', email), attribute('session.id', 'alpha-agent-session'), attribute('model', 'claude-sonnet-4-5'), attribute('input_tokens', '5000'), attribute('output_tokens', '1')],
              },
            ],
          },
        ],
      },
    ],
  };
}

function credentialHeaders(as: Credential): Record<string, string> {
  switch (as) {
    case 'owner':
      return auth(b.org.owner.key);
    case 'scim':
      return auth(b.scimToken);
    case 'computer':
      return auth(b.computerToken);
    case 'ingest':
      return auth(b.ingestKey);
    case 'console':
      return consoleHeaders(server, b.browser);
    case 'none':
      return {};
  }
}

/** A's state as A's owner reads it through the API, with what merely reading changes left out. */
async function stateOfA(): Promise<unknown> {
  const owner = a.org.owner.key;
  const reads = [
    '/api/v0/organization/users?limit=100',
    '/api/v0/teams',
    `/api/v0/teams/${a.team}/members`,
    '/api/v0/webhooks',
    `/api/v0/webhooks/${a.webhook}`,
    `/api/v0/webhooks/${a.webhook}/deliveries`,
    '/api/v0/git-hosts',
    `/api/v0/git-hosts/${a.gitHost}/deliveries`,
    '/api/v0/pull-requests',
    '/api/v0/budgets',
    '/api/v0/computers',
    '/api/v0/sessions',
    `/api/v0/sessions/${a.session}/messages`,
    '/api/v0/organization/scim-tokens',
    '/api/v0/organization/sso',
    '/api/v0/organization/enterprise-controls',
    '/api/v0/organization/enterprise-controls/history',
    '/api/v0/organization/prices',
    '/api/v0/organization/usage/limits/users',
    '/api/v0/organization/usage/limits/global',
    '/api/v0/organization/telemetry-identities',
    '/api/v0/agent-sessions',
    '/api/v0/readiness/repositories',
    `/api/v0/readiness/evaluations/${a.readinessEvaluation}`,
    // The members' spend this month: what forged telemetry would move.
    '/api/v0/budgets/members',
    '/api/v0/organization/audit-log?limit=100',
  ];
  const state: Record<string, unknown> = {};
  for (const url of reads) state[url] = await api('GET', url, owner);
  for (const url of ['/scim/v2/Users', '/scim/v2/Groups']) state[url] = await api('GET', url, a.scimToken);
  state.keys = (await api('GET', '/api/v0/api-keys', a.org.users.member.key)).apiKeys ?? null;
  // Reading marks the reading key used and the SCIM token seen; nothing else may move.
  return JSON.parse(JSON.stringify(state, (key, value) => (['lastUsedAt', 'lastSeenAt', 'lastModified'].includes(key) ? undefined : value)));
}

/**
 * Everything of A's that must never reach B: ids, e-mails and names. A's manager's e-mail is left
 * out: B adds a member of its own with that address (an address is unique per organization, not
 * across them), and B's lists then rightly show B's member.
 */
function secretsOfA(): string[] {
  const { org, revision: _revision, gitHostSecret, scimToken, ...ids } = a;
  const users = Object.values(org.users).flatMap((user) => (user.role === 'manager' ? [user.id] : [user.id, user.email]));
  return [org.id, ...users, ...Object.values(ids).map(String).filter((id) => id !== 'none'), gitHostSecret, scimToken, 'Alpha secret', 'alpha-secret-box', 'alpha secret words', 'alpha-hook', 'alpha-laptop', 'alpha-scim-person', 'alpha/secret-repo'];
}

const BATCH = 6;

describe('the cross-tenant walk', () => {
  it('has an entry for every route of the OpenAPI document, and none for a route that is gone', () => {
    const routes = operations.map((operation) => operation.key);
    expect(routes.length).toBeGreaterThan(120);
    expect(routes.filter((key) => !(key in WALK)), 'routes the walk does not know: add them to WALK').toEqual([]);
    expect(Object.keys(WALK).filter((key) => !routes.includes(key)), 'routes in WALK the app no longer has').toEqual([]);
  });

  it("B's credentials with A's ids: 404 or 401, never A's data, and A unchanged", async () => {
    const before = await stateOfA();
    const secrets = secretsOfA();
    const probes: { key: string; probe: Probe }[] = [];
    for (const [key, entry] of Object.entries(WALK)) for (const probe of [await entry({ a, b })].flat()) probes.push({ key, probe });
    const wrong: string[] = [];
    for (let start = 0; start < probes.length; start += BATCH) {
      await Promise.all(
        probes.slice(start, start + BATCH).map(async ({ key, probe }) => {
          const method = key.split(' ')[0] as HttpMethod;
          const response = await server.app.inject({ method, url: probe.url, headers: { ...credentialHeaders(probe.as ?? 'owner'), ...probe.headers }, ...(probe.payload !== undefined ? { payload: probe.payload } : {}) });
          const label = `${key} as ${probe.as ?? 'owner'} ${probe.url} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
          const status = response.statusCode;
          const fits = probe.expect === 'own' ? status < 500 : probe.expect === 'refused' ? status >= 400 && status < 500 : status === probe.expect;
          if (!fits) wrong.push(`expected ${probe.expect}: ${label}`);
          const sent = `${probe.url} ${typeof probe.payload === 'string' ? probe.payload : JSON.stringify(probe.payload ?? '')}`;
          const answered = `${JSON.stringify(response.headers)} ${response.body}`;
          for (const secret of secrets) if (answered.includes(secret) && !sent.includes(secret)) wrong.push(`leaks ${secret}: ${label}`);
        }),
      );
    }
    expect(wrong).toEqual([]);
    expect(probes.length).toBeGreaterThanOrEqual(operations.length);
    expect(await stateOfA()).toEqual(before);
  }, 120_000);
});
