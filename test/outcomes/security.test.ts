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

authMatrix([
  { method: 'GET', url: '/api/v0/git-hosts', credentials: 'apiKeyOrJwt', roles: MANAGERS },
  { method: 'POST', url: '/api/v0/git-hosts', payload: { provider: 'gitlab' }, credentials: 'apiKeyOrJwt', roles: MANAGERS },
  { method: 'GET', url: async (ctx) => `/api/v0/git-hosts/${await hostOf(ctx)}`, credentials: 'apiKeyOrJwt', roles: MANAGERS, foreignUrl: async (ctx) => `/api/v0/git-hosts/${await hostOf({ ...ctx, org: ctx.other })}` },
  { method: 'DELETE', url: async (ctx) => `/api/v0/git-hosts/${await hostOf(ctx)}`, credentials: 'apiKeyOrJwt', roles: MANAGERS, foreignUrl: async (ctx) => `/api/v0/git-hosts/${await hostOf({ ...ctx, org: ctx.other })}` },
  { method: 'GET', url: async (ctx) => `/api/v0/git-hosts/${await hostOf(ctx)}/deliveries`, credentials: 'apiKeyOrJwt', roles: MANAGERS, foreignUrl: async (ctx) => `/api/v0/git-hosts/${await hostOf({ ...ctx, org: ctx.other })}/deliveries` },
  { method: 'GET', url: `/api/v1/analytics/outcomes?${dates}`, credentials: 'apiKey', session: true, roles: MANAGERS },
  { method: 'POST', url: '/api/v0/agent-commits', payload: { commits: [{ sha: 'e'.repeat(40), repository: 'github.com/acme/shop', branch: 'main', sessionId: 's', agent: 'claude-code', committedAt: '2026-03-02T09:00:00Z', linesAdded: 1, linesRemoved: 0 }] }, credentials: 'apiKeyOrJwt', roles: MEMBERS },
]);
