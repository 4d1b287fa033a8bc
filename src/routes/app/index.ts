import type { App } from '../../http/context.js';
import { authenticate } from '../../http/auth.js';
import { byCredential, limitRequests } from '../../http/rate-limit.js';
import readinessReports from './readiness-reports/index.js';

// The app host's API (decisions.md §1, §2, §11): API keys or the console session, no JWT.
export default async function appRoutes(app: App) {
  app.addHook('onRequest', authenticate(app.services, ['apiKey', 'session']));
  app.addHook('preHandler', limitRequests(app, byCredential));
  await app.register(readinessReports);
}
