import { MANAGERS } from '../../src/domain/roles.js';
import { authMatrix, type MatrixContext } from '../helpers/auth-matrix.js';
import { insertIdentity } from './fleet.js';

// The auth matrix of the connected-agents routes and voiding: one line per route (another
// organization's ingest key in a void is 404: test/otlp/void-events.test.ts).
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
  {
    method: 'POST',
    url: '/api/v0/organization/telemetry-voids',
    payload: async ({ server, org }: MatrixContext) => {
      const created = await server.app.inject({ method: 'POST', url: '/api/v0/api-keys', headers: { authorization: `Bearer ${org.owner.key}` }, payload: { name: 'matrix ingest', kind: 'ingest' } });
      return { ingestKeyId: created.json().id, from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' };
    },
    credentials: 'apiKeyOrJwt',
    roles: ['owner'],
  },
]);
