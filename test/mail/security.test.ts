import { EVERYONE } from '../../src/domain/roles.js';
import { authMatrix } from '../helpers/auth-matrix.js';

// The auth matrix of the preferences routes: every role, for itself (there is no id to reach
// another person's or another organization's).
authMatrix([
  { method: 'GET', url: '/api/v0/organization/users/me/preferences', credentials: 'apiKeyOrJwt', roles: EVERYONE },
  { method: 'PATCH', url: '/api/v0/organization/users/me/preferences', payload: { emailNotifications: true }, credentials: 'apiKeyOrJwt', roles: EVERYONE },
]);
