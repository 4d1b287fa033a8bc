import { authenticate } from '../../http/auth.js';
import { byCredential, limitRequests } from '../../http/rate-limit.js';
import type { App } from '../../http/context.js';
import analytics from './analytics/index.js';
import telemetry from './telemetry/index.js';

// /api/v1: API key only (a JWT is 401); the analytics also take the console session cookie, for
// the dashboard. Each resource folder declares its roles.
export default async function v1Routes(app: App) {
  app.addHook('preHandler', limitRequests(app, byCredential));
  await app.register(async (keyOnly: App) => {
    keyOnly.addHook('onRequest', authenticate(app.services, ['apiKey', 'ingestKey']));
    await keyOnly.register(telemetry);
  });
  await app.register(async (console: App) => {
    console.addHook('onRequest', authenticate(app.services, ['apiKey', 'session']));
    await console.register(analytics);
  });
}
