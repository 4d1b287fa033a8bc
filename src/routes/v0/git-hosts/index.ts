import { MANAGERS } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import connect from './connect.js';
import get from './get.js';
import list from './list.js';
import listDeliveries from './list-deliveries.js';
import remove from './remove.js';

// Git hosts (docs/outcomes.md): owner and manager only, reading included, like webhook endpoints.
export default async function gitHosts(app: App) {
  app.addHook('preHandler', requireRole(MANAGERS));
  await app.register(list);
  await app.register(get);
  await app.register(connect);
  await app.register(remove);
  await app.register(listDeliveries);
}
