import type { App } from '../../http/context.js';
import { authenticateAdmin } from '../../http/auth.js';
import createOrganization from './organizations/create.js';
import runRollups from './rollups/run.js';

// /admin/v1: platform operations, ADMIN_TOKEN only.
export default async function adminRoutes(app: App) {
  app.addHook('onRequest', authenticateAdmin(app.services.adminToken));
  await app.register(createOrganization);
  await app.register(runRollups);
}
