import { MANAGERS } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import create from './create.js';
import remove from './delete.js';
import get from './get.js';
import list from './list.js';
import members from './members.js';
import update from './update.js';

// Budgets (docs/budgets.md): owner and manager only, reading included, like the credit limits.
export default async function budgets(app: App) {
  app.addHook('preHandler', requireRole(MANAGERS));
  await app.register(list);
  await app.register(members);
  await app.register(get);
  await app.register(create);
  await app.register(update);
  await app.register(remove);
}
