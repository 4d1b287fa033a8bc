import { authenticate } from '../../http/auth.js';
import { byApiKey, limitRequests } from '../../http/rate-limit.js';
import type { App } from '../../http/context.js';
import analytics from './analytics/index.js';
import telemetry from './telemetry/index.js';

// /api/v1: API key only (a JWT is 401). Each resource folder declares its roles.
export default async function v1Routes(app: App) {
  app.addHook('onRequest', authenticate(app.services, ['apiKey']));
  app.addHook('preHandler', limitRequests(app, byApiKey));
  await app.register(telemetry);
  await app.register(analytics);
}
