import type { App } from '../../http/context.js';
import { authenticateAdmin } from '../../http/auth.js';
import { byClientAddress, limitRequests } from '../../http/rate-limit.js';
import createBackup from './backup/create.js';
import createOrganization from './organizations/create.js';
import runRollups from './rollups/run.js';
import runTelemetryRetention from './telemetry/retention-run.js';

// /admin/v1: platform operations, ADMIN_TOKEN only.
export default async function adminRoutes(app: App) {
  app.addHook('onRequest', authenticateAdmin(app.services.adminToken));
  app.addHook('preHandler', limitRequests(app, byClientAddress));
  await app.register(createOrganization);
  await app.register(runRollups);
  await app.register(runTelemetryRetention);
  await app.register(createBackup);
}
