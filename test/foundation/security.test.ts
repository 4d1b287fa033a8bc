import { MANAGERS } from '../../src/domain/roles.js';
import { authMatrix } from '../helpers/auth-matrix.js';
import { auth, uniqueEmail } from '../helpers/server.js';

// The auth matrix of the foundation routes: one line per route.
authMatrix([
  { method: 'POST', url: '/admin/v1/organizations', payload: () => ({ name: 'M', ownerEmail: uniqueEmail('m') }), credentials: 'admin' },
  { method: 'POST', url: '/admin/v1/backup', credentials: 'admin' },
  { method: 'POST', url: '/api/v0/auth/token', credentials: 'apiKey' },
  { method: 'GET', url: '/api/v0/organization/users', credentials: 'apiKeyOrJwt', roles: MANAGERS },
  { method: 'POST', url: '/api/v0/organization/users', payload: () => ({ email: uniqueEmail('n'), role: 'member' }), credentials: 'apiKeyOrJwt', roles: MANAGERS },
  {
    method: 'PATCH',
    url: ({ org }) => `/api/v0/organization/users/${org.users.guest.id}`,
    payload: { name: 'Renamed' },
    credentials: 'apiKeyOrJwt',
    roles: MANAGERS,
    foreignUrl: ({ other }) => `/api/v0/organization/users/${other.users.guest.id}`,
  },
  {
    method: 'DELETE',
    url: async ({ server, org }) => {
      const created = await server.app.inject({ method: 'POST', url: '/api/v0/organization/users', headers: auth(org.owner.key), payload: { email: uniqueEmail('d'), role: 'guest' } });
      return `/api/v0/organization/users/${created.json().user.id}`;
    },
    credentials: 'apiKeyOrJwt',
    roles: MANAGERS,
    foreignUrl: ({ other }) => `/api/v0/organization/users/${other.users.member.id}`,
  },
  { method: 'GET', url: '/api/v0/api-keys', credentials: 'apiKeyOrJwt' },
  { method: 'POST', url: '/api/v0/api-keys', payload: { name: 'k' }, credentials: 'apiKeyOrJwt' },
  {
    method: 'DELETE',
    url: async ({ server, org }) => {
      const created = await server.app.inject({ method: 'POST', url: '/api/v0/api-keys', headers: auth(org.owner.key), payload: { name: 'victim' } });
      return `/api/v0/api-keys/${created.json().id}`;
    },
    credentials: 'apiKeyOrJwt',
    foreignUrl: async ({ server, other }) => {
      const created = await server.app.inject({ method: 'POST', url: '/api/v0/api-keys', headers: auth(other.owner.key), payload: { name: 'foreign' } });
      return `/api/v0/api-keys/${created.json().id}`;
    },
  },
]);
