import { MEMBERS } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import get from './get.js';
import list from './list.js';
import waste from './waste.js';

// Agent sessions (docs/agent-sessions.md): owners and managers read every session of the
// organization, a member only their own; guests none.
export default async function agentSessions(app: App) {
  app.addHook('preHandler', requireRole(MEMBERS));
  await app.register(list);
  await app.register(waste);
  await app.register(get);
}
