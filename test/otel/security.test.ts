import { MANAGERS } from '../../src/domain/roles.js';
import { authMatrix, type MatrixContext } from '../helpers/auth-matrix.js';
import { insertIdentity } from './fleet.js';

// The auth matrix of the connected-agents routes: one line per route.
authMatrix([
  { method: 'GET', url: '/api/v0/organization/connected-agents', credentials: 'apiKeyOrJwt', roles: MANAGERS },
  { method: 'GET', url: '/api/v0/organization/telemetry-identities', credentials: 'apiKeyOrJwt', roles: MANAGERS },
  {
    method: 'POST',
    url: async ({ server, org }) => `/api/v0/organization/telemetry-identities/${await insertIdentity(server.store.db, org.id, { value: 'matrix@example.test' })}/link`,
    payload: ({ org }: MatrixContext) => ({ userId: org.users.member.id }),
    credentials: 'apiKeyOrJwt',
    roles: MANAGERS,
    foreignUrl: async ({ server, other }) => `/api/v0/organization/telemetry-identities/${await insertIdentity(server.store.db, other.id, { value: 'foreign@example.test' })}/link`,
  },
]);
