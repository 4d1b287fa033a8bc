import type { Db } from '../db/store.js';
import { isManager, type Role } from '../domain/roles.js';
import { findActiveUsers } from '../repositories/users.js';
import { DomainError, rejectFieldErrors, type FieldError } from '../domain/errors.js';
import type { CheckedEvent, TelemetryEvent, WireEvent } from './events.js';
import type { AttributedEvent } from './ingest.js';
import type { SentEvent } from './sent-events.js';

// Whose event it is (decisions.md §4): the caller's, unless an owner or manager names another
// active user of the organization with `userId` or `userEmail` (imports).

export interface Caller {
  userId: string;
  role: Role;
}

function withoutAttribution({ userId: _userId, userEmail: _userEmail, ...event }: WireEvent): TelemetryEvent {
  return event;
}

export async function attributeEvents(db: Db, organizationId: string, caller: Caller, events: CheckedEvent<WireEvent>[]): Promise<AttributedEvent[]> {
  const named = events.filter(({ event }) => event.userId !== undefined || event.userEmail !== undefined);
  if (named.length > 0 && !isManager(caller.role)) throw new DomainError('role_not_permitted', 'only an owner or manager may attribute events to another user (userId, userEmail)');
  const active = await findActiveUsers(db, organizationId, {
    ids: named.flatMap(({ event }) => (event.userId === undefined ? [] : [event.userId])),
    emails: named.flatMap(({ event }) => (event.userEmail === undefined ? [] : [event.userEmail])),
  });
  const byId = new Map(active.map((user) => [user.id, user.id]));
  const byEmail = new Map(active.map((user) => [user.email.toLowerCase(), user.id]));

  const errors: FieldError[] = [];
  const attributed = events.map(({ event, at, day }, index): AttributedEvent => {
    const { userId, userEmail } = event;
    // The event is not copied without userId and userEmail: only its own fields are stored (a
    // column each, ingest.ts), and a copy per event cost more than the rest of attribution.
    const fromId = userId === undefined ? undefined : byId.get(userId);
    const fromEmail = userEmail === undefined ? undefined : byEmail.get(userEmail.toLowerCase());
    if (userId !== undefined && !fromId) errors.push({ path: `body/events/${index}/userId`, message: 'is not an active user of the organization' });
    else if (userEmail !== undefined && !fromEmail) errors.push({ path: `body/events/${index}/userEmail`, message: 'is not an active user of the organization' });
    else if (fromId && fromEmail && fromId !== fromEmail) errors.push({ path: `body/events/${index}/userEmail`, message: 'names another user than userId' });
    return { event, at, day, userId: fromId ?? fromEmail ?? caller.userId };
  });
  rejectFieldErrors(errors);
  return attributed;
}

/** Events without an agent product, in the connected-agents view (Quarterdeck's own clients). */
export const NO_AGENT = '(none)';

/**
 * Events sent with an ingest key, which is no one's: each must name the member it is for
 * (`userId`, an active user of the organization, or `userEmail`, matched to a member or else kept
 * unattributed for an admin, like an OpenTelemetry record's identity).
 */
export async function sentEventsOf(db: Db, organizationId: string, events: CheckedEvent<WireEvent>[]): Promise<SentEvent[]> {
  const ids = events.flatMap(({ event }) => (event.userId === undefined ? [] : [event.userId]));
  const emailOf = new Map((ids.length > 0 ? await findActiveUsers(db, organizationId, { ids }) : []).map((user) => [user.id, user.email]));
  const errors: FieldError[] = [];
  const sent = events.map((checked, index) => {
    const { userId, userEmail } = checked.event;
    if (userId === undefined && userEmail === undefined) errors.push({ path: `body/events/${index}/userEmail`, message: 'is required with an ingest key (or userId): the key is no one\'s' });
    else if (userId !== undefined && !emailOf.has(userId)) errors.push({ path: `body/events/${index}/userId`, message: 'is not an active user of the organization' });
    const email = userId === undefined ? userEmail : emailOf.get(userId);
    return { checked: { ...checked, event: withoutAttribution(checked.event) }, agent: checked.event.agent ?? NO_AGENT, identity: { email } };
  });
  rejectFieldErrors(errors);
  return sent;
}
