import { EVERYONE } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import create from './create.js';
import list from './list.js';

// Readiness reports: every role lists them; uploading takes a member or up (create.ts).
export default async function readinessReports(app: App) {
  app.addHook('preHandler', requireRole(EVERYONE));
  await app.register(list);
  await app.register(create);
}
