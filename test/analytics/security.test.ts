import { MANAGERS, MEMBERS } from '../../src/domain/roles.js';
import { authMatrix } from '../helpers/auth-matrix.js';

// The auth matrix of the analytics routes: API key (analytics: or the console session; a JWT is
// 401), owner/manager for
// analytics, member and up for telemetry, the admin token for the rollup run.

const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const dates = `startDate=${yesterday}&endDate=${yesterday}`;
let sequence = 0;

authMatrix([
  {
    method: 'POST',
    url: '/api/v1/telemetry/events',
    payload: () => ({ events: [{ id: `m-${++sequence}`, type: 'git_commit', timestamp: Date.now(), sessionId: 's', client: 'web' }] }),
    credentials: 'apiKey',
    roles: MEMBERS,
  },
  { method: 'GET', url: `/api/v1/analytics/tokens?${dates}`, credentials: 'apiKey', session: true, roles: MANAGERS },
  { method: 'GET', url: `/api/v1/analytics/tools?${dates}`, credentials: 'apiKey', session: true, roles: MANAGERS },
  { method: 'GET', url: `/api/v1/analytics/activity?${dates}`, credentials: 'apiKey', session: true, roles: MANAGERS },
  { method: 'GET', url: `/api/v1/analytics/productivity?${dates}`, credentials: 'apiKey', session: true, roles: MANAGERS },
  { method: 'GET', url: `/api/v1/analytics/users?${dates}`, credentials: 'apiKey', session: true, roles: MANAGERS },
  { method: 'POST', url: '/admin/v1/rollups/run', credentials: 'admin' },
]);
