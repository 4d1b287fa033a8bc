import { MEMBERS } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import record from './record.js';

// Agent commits (docs/outcomes.md "Hook-recorded commits"): members and up report the commits made
// in their own agent sessions, like their telemetry; guests may not.
export default async function agentCommits(app: App) {
  app.addHook('preHandler', requireRole(MEMBERS));
  await app.register(record);
}
