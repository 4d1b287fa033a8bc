import { EVERYONE, MANAGERS, MEMBERS } from '../../src/domain/roles.js';
import { authMatrix, type MatrixContext } from '../helpers/auth-matrix.js';
import { auth } from '../helpers/server.js';

// The auth matrix of the controls routes: one line per route.
const CONTROLS = '/api/v0/organization/enterprise-controls';

authMatrix([
  { method: 'GET', url: CONTROLS, credentials: 'apiKeyOrJwt', roles: MANAGERS },
  { method: 'PATCH', url: CONTROLS, payload: { matrixSetting: true }, credentials: 'apiKeyOrJwt', roles: MANAGERS },
  { method: 'GET', url: `${CONTROLS}/history`, credentials: 'apiKeyOrJwt', roles: MANAGERS },
  {
    method: 'GET',
    url: async ({ server, org }) => {
      const changed = await server.app.inject({ method: 'PATCH', url: CONTROLS, headers: auth(org.owner.key), payload: { matrixDiff: Date.now() } });
      return `${CONTROLS}/history/${changed.json().revision}/diff`;
    },
    credentials: 'apiKeyOrJwt',
    roles: MANAGERS,
  },
  { method: 'GET', url: '/api/v0/organization/usage/limits/users', credentials: 'apiKeyOrJwt', roles: MANAGERS },
  { method: 'PUT', url: '/api/v0/organization/usage/limits/users', payload: ({ org }: MatrixContext) => ({ users: [{ email: org.users.member.email, limit: 10 }] }), credentials: 'apiKeyOrJwt', roles: MANAGERS },
  { method: 'GET', url: '/api/v0/organization/usage/limits/global', credentials: 'apiKeyOrJwt', roles: MANAGERS },
  { method: 'GET', url: '/api/v0/organization/usage/limits/me', credentials: 'apiKeyOrJwt', roles: EVERYONE },
  { method: 'PUT', url: '/api/v0/organization/usage/limits/global', payload: { limit: 1000 }, credentials: 'apiKeyOrJwt', roles: MANAGERS },
  { method: 'GET', url: '/api/organization/maturity-level-reports', credentials: 'apiKey', session: true, roles: EVERYONE },
  { method: 'GET', url: '/api/organization/agent-readiness-reports', credentials: 'apiKey', session: true, roles: EVERYONE },
  {
    method: 'POST',
    url: '/api/organization/maturity-level-reports',
    payload: { repoUrl: 'https://github.com/acme/matrix', apps: {}, report: {} },
    credentials: 'apiKey',
    session: true,
    roles: MEMBERS,
  },
  {
    method: 'POST',
    url: '/api/organization/agent-readiness-reports',
    payload: { repoUrl: 'https://github.com/acme/matrix', apps: {}, report: {} },
    credentials: 'apiKey',
    session: true,
    roles: MEMBERS,
  },
]);
