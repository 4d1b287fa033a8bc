import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import create from './create.js';
import list from './list.js';
import revoke from './revoke.js';

// SCIM tokens (docs/scim.md): owners only — a token provisions and deprovisions every member.
export default async function scimTokens(app: App) {
  app.addHook('preHandler', requireRole(['owner']));
  await app.register(list);
  await app.register(create);
  await app.register(revoke);
}
