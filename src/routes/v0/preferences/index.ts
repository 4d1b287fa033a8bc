import type { App } from '../../../http/context.js';
import get from './get.js';
import update from './update.js';

// The caller's own preferences: every role, for itself only (no user id in the path).
export default async function preferences(app: App) {
  await app.register(get);
  await app.register(update);
}
