import { MEMBERS } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import create from './create.js';
import remove from './delete.js';
import get from './get.js';
import getByName from './get-by-name.js';
import installDeps from './install-deps.js';
import list from './list.js';
import metrics from './metrics.js';
import refresh from './refresh.js';
import restart from './restart.js';
import update from './update.js';

// Computers: members and up; a member acts on the computers it owns, owner/manager on all.
export default async function computers(app: App) {
  app.addHook('preHandler', requireRole(MEMBERS));
  await app.register(create);
  await app.register(list);
  await app.register(get);
  await app.register(update);
  await app.register(remove);
  await app.register(installDeps);
  await app.register(getByName);
  await app.register(restart);
  await app.register(refresh);
  await app.register(metrics);
}
