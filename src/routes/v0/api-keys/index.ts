import { EVERYONE } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import create from './create.js';
import list from './list.js';
import revoke from './revoke.js';

// API keys: every role manages its own; owner/manager see and revoke all of the organization.
export default async function apiKeys(app: App) {
  app.addHook('preHandler', requireRole(EVERYONE));
  await app.register(list);
  await app.register(create);
  await app.register(revoke);
}
