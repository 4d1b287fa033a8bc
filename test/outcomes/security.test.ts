import { sign } from '@octokit/webhooks-methods';
import { MANAGERS, MEMBERS } from '../../src/domain/roles.js';
import { authMatrix, type MatrixContext } from '../helpers/auth-matrix.js';
import { auth } from '../helpers/server.js';

// The auth matrix of the git host routes, the outcomes analytics and the hooks' agent commits: one
// line per route. The
// webhook receiver takes no credential but the host's signature (outcomes.test.ts).

const D1 = '2026-03-02';
const D2 = '2026-03-03';

const hostOf = async ({ server: matrixServer, org: organization }: MatrixContext) => {
  const response = await matrixServer.app.inject({ method: 'POST', url: '/api/v0/git-hosts', headers: auth(organization.owner.key), payload: { provider: 'github' } });
  return response.json().id as string;
};
const dates = `startDate=${D1}&endDate=${D2}`;

/** A pull request delivered to a new host of the organization, by its id in the list. */
const pullRequestOf = async (ctx: MatrixContext) => {
  const { server: matrixServer, org: organization } = ctx;
  const connected = await matrixServer.app.inject({ method: 'POST', url: '/api/v0/git-hosts', headers: auth(organization.owner.key), payload: { provider: 'github' } });
  const { id, webhookSecret } = connected.json();
  const repository = { html_url: `https://github.com/matrix/${id}` };
  const body = JSON.stringify({ action: 'opened', repository, pull_request: { number: 1, html_url: `${repository.html_url}/pull/1`, user: { login: 'someone' }, head: { ref: 'b' }, created_at: `${D1}T01:00:00Z`, merged_at: null } });
  const headers = { 'content-type': 'application/json', 'x-github-event': 'pull_request', 'x-github-delivery': `matrix-${id}`, 'x-hub-signature-256': await sign(webhookSecret, body) };
  const delivered = await matrixServer.app.inject({ method: 'POST', url: `/api/v1/git-hosts/${id}/webhook`, headers, payload: body });
  if (delivered.statusCode !== 200) throw new Error(delivered.body);
  const listed = await matrixServer.app.inject({ method: 'GET', url: `/api/v0/pull-requests?repository=github.com%2Fmatrix%2F${id}`, headers: auth(organization.owner.key) });
  return listed.json().pullRequests[0].id as string;
};

authMatrix([
  { method: 'GET', url: '/api/v0/git-hosts', credentials: 'apiKeyOrJwt', roles: MANAGERS },
  { method: 'POST', url: '/api/v0/git-hosts', payload: { provider: 'gitlab' }, credentials: 'apiKeyOrJwt', roles: MANAGERS },
  { method: 'GET', url: async (ctx) => `/api/v0/git-hosts/${await hostOf(ctx)}`, credentials: 'apiKeyOrJwt', roles: MANAGERS, foreignUrl: async (ctx) => `/api/v0/git-hosts/${await hostOf({ ...ctx, org: ctx.other })}` },
  { method: 'DELETE', url: async (ctx) => `/api/v0/git-hosts/${await hostOf(ctx)}`, credentials: 'apiKeyOrJwt', roles: MANAGERS, foreignUrl: async (ctx) => `/api/v0/git-hosts/${await hostOf({ ...ctx, org: ctx.other })}` },
  { method: 'GET', url: async (ctx) => `/api/v0/git-hosts/${await hostOf(ctx)}/deliveries`, credentials: 'apiKeyOrJwt', roles: MANAGERS, foreignUrl: async (ctx) => `/api/v0/git-hosts/${await hostOf({ ...ctx, org: ctx.other })}/deliveries` },
  { method: 'GET', url: '/api/v0/pull-requests', credentials: 'apiKeyOrJwt', roles: MANAGERS },
  { method: 'GET', url: async (ctx) => `/api/v0/pull-requests/${await pullRequestOf(ctx)}`, credentials: 'apiKeyOrJwt', roles: MANAGERS, foreignUrl: async (ctx) => `/api/v0/pull-requests/${await pullRequestOf({ ...ctx, org: ctx.other })}` },
  { method: 'GET', url: `/api/v1/analytics/outcomes?${dates}`, credentials: 'apiKey', session: true, roles: MANAGERS },
  { method: 'POST', url: '/api/v0/agent-commits', payload: { commits: [{ sha: 'e'.repeat(40), repository: 'github.com/acme/shop', branch: 'main', sessionId: 's', agent: 'claude-code', committedAt: '2026-03-02T09:00:00Z', linesAdded: 1, linesRemoved: 0 }] }, credentials: 'apiKeyOrJwt', roles: MEMBERS },
]);
