import { MEMBERS } from '../../src/domain/roles.js';
import { authMatrix } from '../helpers/auth-matrix.js';

// The auth matrix of the OTLP/HTTP endpoints: an API key of a member or above (a JWT and the
// console session are 401, a guest 403). An empty OTLP/JSON export is a valid request.
authMatrix([
  { method: 'POST', url: '/v1/metrics', payload: {}, credentials: 'apiKey', roles: MEMBERS },
  { method: 'POST', url: '/v1/logs', payload: {}, credentials: 'apiKey', roles: MEMBERS },
  { method: 'POST', url: '/v1/traces', payload: {}, credentials: 'apiKey', roles: MEMBERS },
]);
