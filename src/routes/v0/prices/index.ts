import { MEMBERS } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import dataset from './dataset.js';
import get from './get.js';
import patch from './patch.js';
import putModels from './put-models.js';

// Prices (docs/prices.md): members and up read them; owner and manager change them (each write
// route says so).
export default async function prices(app: App) {
  app.addHook('preHandler', requireRole(MEMBERS));
  await app.register(get);
  await app.register(dataset);
  await app.register(patch);
  await app.register(putModels);
}
