import { MANAGERS } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { boundedJsonParser } from '../../../http/json-body.js';
import diff from './diff.js';
import get from './get.js';
import history from './history.js';
import patch from './patch.js';

// Enterprise controls (decisions.md §6): owner/manager only.
export default async function enterpriseControls(app: App) {
  app.addHook('preHandler', requireRole(MANAGERS));
  // PATCH takes a JSON Merge Patch, sent as application/merge-patch+json or plain JSON.
  app.addContentTypeParser('application/merge-patch+json', { parseAs: 'string' }, boundedJsonParser(app));
  await app.register(get);
  await app.register(patch);
  await app.register(history);
  await app.register(diff);
}
