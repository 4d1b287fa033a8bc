import { MANAGERS } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import connectedAgents from './connected-agents.js';
import linkIdentity from './link-identity.js';
import listIdentities from './list-identities.js';
import voidEvents from './void-events.js';

// Telemetry arriving from the organization's agents (docs/otel.md): who is connected, and
// the identities no member matches yet, and voiding what an ingest key sent. Owner and manager
// only (voiding: owners).
export default async function organizationTelemetry(app: App) {
  app.addHook('preHandler', requireRole(MANAGERS));
  await app.register(connectedAgents);
  await app.register(listIdentities);
  await app.register(linkIdentity);
  await app.register(voidEvents);
}
