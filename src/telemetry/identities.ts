import type { Db } from '../db/store.js';
import type { AuditActor } from '../domain/audit.js';
import { DomainError, invalidInput, notFound } from '../domain/errors.js';
import { findUser } from '../repositories/users.js';
import { assignIdentity, deleteWaitingEvents, findIdentity, waitingEvents, type IdentityRecord } from '../repositories/telemetry-identities.js';
import type { ModelCatalogue } from './credits.js';
import { checkEvents } from './events.js';
import { storeEvents, type StoreOptions } from './ingest.js';
import { closedBefore } from './retention.js';
import { clearIdentityProblem } from '../repositories/telemetry-connections.js';
import { UNKNOWN_IDENTITY } from './sent-events.js';

// Linking an identity telemetry carries to a member (docs/otel.md, "Unattributed
// identities"): from then on the receiver counts the identity's records for the member, and the
// events that waited for it are stored as the member's.

/** Waiting events moved per storing transaction. */
const MOVE_BATCH = 500;

/**
 * Links the identity to an active member and stores its waiting events as the member's.
 *
 * The identity is assigned first, so that records arriving meanwhile count for the member
 * directly; then the waiting events move in batches: stored through the same path as every event
 * (checked again, credits, pending rollup days), then deleted. Stored events keep their ids, so a
 * crash between storing and deleting is repaired by linking again, without counting twice.
 *
 * Linking to the member it is already linked to moves whatever still waits (idempotent); an
 * identity linked to another member is refused (identity_linked_elsewhere): its past data already
 * counts for that member and cannot be moved without counting it twice.
 */
export async function linkIdentity(
  db: Db,
  catalogue: ModelCatalogue,
  organizationId: string,
  identityId: string,
  userId: string,
  actor: AuditActor,
  options: Pick<StoreOptions, 'copyIn'>,
  now: Date = new Date(),
): Promise<IdentityRecord> {
  const identity = await findIdentity(db, organizationId, identityId);
  if (!identity) throw notFound('telemetry identity');
  const user = await findUser(db, organizationId, userId);
  if (!user) throw invalidInput(`user ${userId} is not a member of the organization`, [{ path: 'body/userId', message: 'is not a member of the organization' }]);
  if (!user.active) throw invalidInput(`user ${userId} is deactivated`, [{ path: 'body/userId', message: 'is deactivated' }]);
  if (!(await assignIdentity(db, organizationId, identityId, { id: user.id, email: user.email }, actor))) {
    throw new DomainError('identity_linked_elsewhere', `the identity already counts for another member (${identity.userId}); its data stays with that member`);
  }
  for (;;) {
    const waiting = await waitingEvents(db, organizationId, identityId, MOVE_BATCH);
    if (waiting.length === 0) break;
    const checked = checkEvents(waiting.map((row) => row.event), 'waitingEvents', now);
    // A waiting event of a day telemetry retention dropped since cannot be stored: it goes.
    const firstKept = await closedBefore(db);
    const attributed = checked.map((event, i) => ({ ...event, userId, ingestKeyId: waiting[i]!.ingestKeyId })).filter((event) => firstKept === undefined || event.day >= firstKept);
    await storeEvents(db, catalogue, organizationId, attributed, { ...options, at: 'waitingEvents' });
    await deleteWaitingEvents(db, organizationId, identityId, waiting.map((row) => row.id));
  }
  await clearIdentityProblem(db, organizationId, identityId, UNKNOWN_IDENTITY);
  const linked = await findIdentity(db, organizationId, identityId);
  if (!linked) throw notFound('telemetry identity');
  return linked;
}
