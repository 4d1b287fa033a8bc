import { MEMBERS } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import addMessage from './add-message.js';
import children from './children.js';
import create from './create.js';
import interrupt from './interrupt.js';
import remove from './delete.js';
import get from './get.js';
import getMessage from './get-message.js';
import list from './list.js';
import listMessages from './list-messages.js';
import update from './update.js';

// Sessions and their messages: members and up; a member acts on its own sessions only.
export default async function sessions(app: App) {
  app.addHook('preHandler', requireRole(MEMBERS));
  await app.register(create);
  await app.register(list);
  await app.register(get);
  await app.register(update);
  await app.register(interrupt);
  await app.register(remove);
  await app.register(addMessage);
  await app.register(listMessages);
  await app.register(getMessage);
  await app.register(children);
}
