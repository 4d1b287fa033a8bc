import type { App } from '../../http/context.js';
import { authenticate } from '../../http/auth.js';
import { byApiKey, limitRequests } from '../../http/rate-limit.js';
import readinessReports from './readiness-reports/index.js';

// The app host's API (decisions.md §1, §2): API keys only, no JWT.
export default async function appRoutes(app: App) {
  app.addHook('onRequest', authenticate(app.services, ['apiKey']));
  app.addHook('preHandler', limitRequests(app, byApiKey));
  await app.register(readinessReports);
}
