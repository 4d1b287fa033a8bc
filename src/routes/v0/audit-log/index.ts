import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import list from './list.js';

// The audit log: owners only (docs/audit-log.md) — it names every member's changes, the
// managers' own included.
export default async function auditLog(app: App) {
  app.addHook('preHandler', requireRole(['owner']));
  await app.register(list);
}
