import { MANAGERS } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import getGlobal from './get-global.js';
import getMine from './get-mine.js';
import getUsers from './get-users.js';
import putGlobal from './put-global.js';
import putUsers from './put-users.js';

// Credit limits (decisions.md §9): owner/manager only, except each user's own figures.
export default async function creditLimits(app: App) {
  await app.register(getMine);
  await app.register(async (managed: App) => {
    managed.addHook('preHandler', requireRole(MANAGERS));
    await managed.register(getUsers);
    await managed.register(putUsers);
    await managed.register(getGlobal);
    await managed.register(putGlobal);
  });
}
