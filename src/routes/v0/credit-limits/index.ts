import { MANAGERS } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import getGlobal from './get-global.js';
import getUsers from './get-users.js';
import putGlobal from './put-global.js';
import putUsers from './put-users.js';

// Credit limits (decisions.md §9): owner/manager only.
export default async function creditLimits(app: App) {
  app.addHook('preHandler', requireRole(MANAGERS));
  await app.register(getUsers);
  await app.register(putUsers);
  await app.register(getGlobal);
  await app.register(putGlobal);
}
