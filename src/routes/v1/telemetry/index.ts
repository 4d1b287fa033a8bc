import { MEMBERS } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import ingest from './ingest.js';

// Telemetry in: members and up report their own events (guests may not).
export default async function telemetry(app: App) {
  app.addHook('preHandler', requireRole(MEMBERS));
  await app.register(ingest);
}
