import { MANAGERS } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import get from './get.js';
import list from './list.js';

// Pull requests from the connected git hosts, with their evidence and cost (docs/outcomes.md):
// owners and managers, as the outcomes analytics.
export default async function pullRequests(app: App) {
  app.addHook('preHandler', requireRole(MANAGERS));
  await app.register(list);
  await app.register(get);
}
