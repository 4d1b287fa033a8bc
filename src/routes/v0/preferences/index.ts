import type { App } from '../../../http/context.js';
import get from './get.js';
import ownName from './own-name.js';
import update from './update.js';

// The caller's own preferences and display name: every role, for itself only (no user id in the path).
export default async function preferences(app: App) {
  await app.register(get);
  await app.register(update);
  await app.register(ownName);
}
