import type { Db } from '../db/store.js';
import { newId } from '../domain/ids.js';
import { MAIL_MAX_EVENT_AGE_MS, MAIL_RECIPIENTS, type MailEvent } from '../domain/mail.js';
import { isManager, MANAGERS, type Role } from '../domain/roles.js';
import { leaseDue } from './leases.js';
import { consumeNewEvents } from './webhook-events.js';

// Mails queued from the events outbox, one per event and recipient (docs/email.md). All times
// come from the caller, so the mail job's schedule can run on a test clock.

/** A mail taken by this replica for one attempt. */
export interface ClaimedMail {
  id: string;
  address: string;
  /** This attempt's number (1 for the first). */
  attempt: number;
  createdAt: Date;
  event: MailEvent;
}

interface Recipient {
  id: string;
  organization_id: string;
  email: string;
  role: string;
}

/**
 * The people who may hear of these events: the owners and managers of their organizations and the
 * members they concern, if active and not opted out (the only people ever mailed).
 */
async function mailablePeople(db: Db, events: readonly { organization_id: string; payload: Record<string, unknown> }[]): Promise<Recipient[]> {
  if (events.length === 0) return [];
  const concerned = events.map((event) => event.payload.userId).filter((userId): userId is string => typeof userId === 'string');
  return db
    .selectFrom('users')
    .select(['id', 'organization_id', 'email', 'role'])
    .where('organization_id', 'in', [...new Set(events.map((event) => event.organization_id))])
    .where('active', '=', true)
    .where('email_notifications', '=', true)
    .where((w) => w.or([w('role', 'in', MANAGERS), ...(concerned.length > 0 ? [w('id', 'in', concerned)] : [])]))
    .execute();
}

/**
 * Turns outbox events not yet mailed into one mail per recipient that their type's rule names
 * (domain/mail.ts), and marks them mailed, in one transaction. Replicas skip each other's locked
 * events; the unique (event, recipient) pair keeps a mail from being queued twice.
 */
export async function fanOutMail(db: Db, now: Date): Promise<number> {
  return consumeNewEvents(db, 'mailed_at', now, async (trx, events) => {
    const news = events.filter((event) => MAIL_RECIPIENTS[event.type] !== undefined && now.getTime() - event.created_at.getTime() <= MAIL_MAX_EVENT_AGE_MS);
    const people = await mailablePeople(trx, news);
    const mails = news.flatMap((event) => {
      const concerned = event.payload.userId;
      const recipients = people.filter((person) =>
        person.organization_id === event.organization_id && (MAIL_RECIPIENTS[event.type] === 'member concerned' ? person.id === concerned : isManager(person.role as Role)),
      );
      return recipients.map((person) => ({ id: newId('mail', now.getTime()), organization_id: event.organization_id, event_id: event.id, user_id: person.id, address: person.email, next_attempt_at: now, created_at: now }));
    });
    if (mails.length > 0) await trx.insertInto('mail_deliveries').values(mails).onConflict((oc) => oc.columns(['organization_id', 'event_id', 'user_id']).doNothing()).execute();
    return mails.length;
  });
}

/**
 * Takes up to `limit` due mails for one attempt each: counts the attempt and leases the mail until
 * `leaseUntil`, in one statement, so no other replica sends it meanwhile. A lease that lapses (its
 * replica died mid-send) makes the mail due again.
 */
export async function claimDueMail(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMail[]> {
  const attempts = await leaseDue(db, 'mail_deliveries', { now, leaseUntil, limit });
  if (attempts.size === 0) return [];
  const rows = await db
    .selectFrom('mail_deliveries as m')
    .innerJoin('webhook_events as v', 'v.id', 'm.event_id')
    .select(['m.id', 'm.address', 'm.created_at', 'v.id as event_id', 'v.organization_id', 'v.type', 'v.created_at as event_created_at', 'v.payload'])
    .where('m.id', 'in', [...attempts.keys()])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    address: row.address,
    attempt: attempts.get(row.id)!,
    createdAt: row.created_at,
    event: { id: row.event_id, organizationId: row.organization_id, type: row.type, createdAt: row.event_created_at, payload: row.payload },
  }));
}

export type MailOutcome = { sentAt: Date } | { error: string; retryAt: Date | null };

/**
 * Moves a mail on after its attempt: sent; due again at `retryAt`; or, when that is null (the
 * retry window is spent), failed. Only while this attempt still holds it (its lease lapsed and
 * another attempt began: that one decides).
 */
export async function recordMailAttempt(db: Db, mail: ClaimedMail, outcome: MailOutcome): Promise<void> {
  await db
    .updateTable('mail_deliveries')
    .set(
      'sentAt' in outcome
        ? { status: 'sent', sent_at: outcome.sentAt, lease_until: null, last_error: null }
        : outcome.retryAt
          ? { next_attempt_at: outcome.retryAt, lease_until: null, last_error: outcome.error }
          : { status: 'failed', lease_until: null, last_error: outcome.error },
    )
    .where('organization_id', '=', mail.event.organizationId)
    .where('id', '=', mail.id)
    .where('status', '=', 'pending')
    .where('attempts', '=', mail.attempt)
    .execute();
}
