import { MANAGERS } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import create from './create.js';
import remove from './delete.js';
import get from './get.js';
import list from './list.js';
import listAttempts from './list-attempts.js';
import listDeliveries from './list-deliveries.js';
import replay from './replay.js';
import rotateSecret from './rotate-secret.js';
import sendTest from './send-test.js';
import update from './update.js';

// Webhook endpoints (docs/webhooks.md): owner and manager only, reading included: an endpoint's
// URL and delivery log tell where the organization's events go.
export default async function webhooks(app: App) {
  app.addHook('preHandler', requireRole(MANAGERS));
  await app.register(list);
  await app.register(get);
  await app.register(create);
  await app.register(update);
  await app.register(remove);
  await app.register(rotateSecret);
  await app.register(listDeliveries);
  await app.register(listAttempts);
  await app.register(replay);
  await app.register(sendTest);
}
