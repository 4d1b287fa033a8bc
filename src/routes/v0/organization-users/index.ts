import { MANAGERS } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import create from './create.js';
import deactivate from './deactivate.js';
import invite from './invite.js';
import list from './list.js';
import reactivate from './reactivate.js';
import update from './update.js';

// Members of the organization: owner and manager only.
export default async function organizationUsers(app: App) {
  app.addHook('preHandler', requireRole(MANAGERS));
  await app.register(list);
  await app.register(create);
  await app.register(update);
  await app.register(deactivate);
  await app.register(invite);
  await app.register(reactivate);
}
