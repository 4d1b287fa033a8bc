import { describe } from 'vitest';
import { authMatrix } from '../helpers/auth-matrix.js';

// Who may read and change the single sign-on settings: owners only, by key, JWT or console
// session (the behaviour itself is in sso.test.ts).

describe('single sign-on settings: credentials and roles', () => {
  authMatrix([
    { method: 'GET', url: '/api/v0/organization/sso', credentials: 'apiKeyOrJwt', roles: ['owner'] },
    {
      method: 'PUT',
      url: '/api/v0/organization/sso',
      // Refused after the role check (http issuer off loopback): the matrix only needs "not 401/403".
      payload: { issuer: 'http://idp.example.com', clientId: 'matrix', clientSecret: 'matrix-secret', allowedDomains: ['matrix.test'] },
      credentials: 'apiKeyOrJwt',
      roles: ['owner'],
    },
    { method: 'DELETE', url: '/api/v0/organization/sso', credentials: 'apiKeyOrJwt', roles: ['owner'] },
    { method: 'GET', url: '/api/v0/organization/sso/domains', credentials: 'apiKeyOrJwt', roles: ['owner'] },
    // 404 for an owner (no such allowed domain): the matrix only needs "not 401/403".
    { method: 'POST', url: '/api/v0/organization/sso/domains/matrix.test/verify', credentials: 'apiKeyOrJwt', roles: ['owner'] },
  ]);
});
