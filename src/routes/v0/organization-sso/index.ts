import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import remove from './delete.js';
import domains from './domains.js';
import get from './get.js';
import put from './put.js';

// Single sign-on settings (docs/sso.md): owners only, reading included — they decide who gets in.
export default async function organizationSso(app: App) {
  app.addHook('preHandler', requireRole(['owner']));
  await app.register(get);
  await app.register(put);
  await app.register(remove);
  await app.register(domains);
}
