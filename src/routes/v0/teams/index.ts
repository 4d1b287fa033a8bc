import { MANAGERS, MEMBERS } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import addMember from './add-member.js';
import create from './create.js';
import remove from './delete.js';
import get from './get.js';
import list from './list.js';
import listMembers from './list-members.js';
import removeMember from './remove-member.js';
import update from './update.js';

// Teams (docs/teams.md): members and up read them; owner and manager manage them.
export default async function teams(app: App) {
  app.addHook('preHandler', requireRole(MEMBERS));
  await app.register(list);
  await app.register(get);
  await app.register(listMembers);
  await app.register(async (managed: App) => {
    managed.addHook('preHandler', requireRole(MANAGERS));
    await managed.register(create);
    await managed.register(update);
    await managed.register(remove);
    await managed.register(addMember);
    await managed.register(removeMember);
  });
}
