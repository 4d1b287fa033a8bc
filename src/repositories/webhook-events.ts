import type { Db } from '../db/store.js';
import { newId } from '../domain/ids.js';
import type { WebhookEventPayloads } from '../domain/webhook-events.js';
import type { WeeklyDigest } from '../domain/weekly-digest.js';

// The events outbox (migrations/0024_webhooks.sql). Callers pass the transaction of the change
// that causes the event, so both commit or neither does.

export async function recordEvent<T extends keyof WebhookEventPayloads>(trx: Db, organizationId: string, type: T, payload: WebhookEventPayloads[T], now = new Date()): Promise<string> {
  const id = newId('evt', now.getTime());
  await trx.insertInto('webhook_events').values({ id, organization_id: organizationId, type, payload: JSON.stringify(payload), created_at: now }).execute();
  return id;
}

/**
 * Records a member's refusal by their credit limit. The first of the UTC month inserts the month's
 * row and its member.limit_refused event in one transaction; later ones (from any replica) find
 * the row there and write nothing. Answers whether this was the first.
 */
export async function recordLimitRefusal(db: Db, organizationId: string, userId: string, figures: { limit: number; used: number }, now = new Date()): Promise<boolean> {
  const month = now.toISOString().slice(0, 7);
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('member_limit_refusals')
      .values({ organization_id: organizationId, user_id: userId, month: `${month}-01`, refused_at: now })
      .onConflict((oc) => oc.columns(['organization_id', 'user_id', 'month']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!inserted) return false;
    await recordEvent(trx, organizationId, 'member.limit_refused', { userId, month, limit: figures.limit, used: figures.used }, now);
    return true;
  });
}

/**
 * Records that an organization's week has had its digest, with its `digest` event when there is
 * one (a week without model calls has none). The first replica to get here inserts the week's
 * row; the others find it and write nothing. Answers whether an event was written.
 */
export async function recordWeeklyDigest(db: Db, organizationId: string, weekStart: string, digest: WeeklyDigest | null, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('weekly_digests')
      .values({ organization_id: organizationId, week_start: weekStart, created_at: now })
      .onConflict((oc) => oc.columns(['organization_id', 'week_start']).doNothing())
      .returning('week_start')
      .executeTakeFirst();
    if (!inserted || !digest) return false;
    await recordEvent(trx, organizationId, 'digest', digest, now);
    return true;
  });
}

/** The outbox's consumers, each with the column that records the events it has taken. */
export type OutboxConsumer = 'fanned_out_at' | 'mailed_at';
/** Events one consumer takes per transaction. */
const TAKE_BATCH = 100;

export interface OutboxEvent {
  id: string;
  organization_id: string;
  type: string;
  payload: Record<string, unknown>;
  created_at: Date;
}

/**
 * Gives `consume` the oldest outbox events `consumer` has not taken yet, then records them taken,
 * in one transaction: what `consume` writes commits with the mark, or neither does. The events are
 * locked meanwhile; replicas skip each other's. Answers what `consume` answers (0 without events).
 */
export async function consumeNewEvents(db: Db, consumer: OutboxConsumer, now: Date, consume: (trx: Db, events: OutboxEvent[]) => Promise<number>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const events = await trx
      .selectFrom('webhook_events')
      .select(['id', 'organization_id', 'type', 'payload', 'created_at'])
      .where(consumer, 'is', null)
      .orderBy('id')
      .limit(TAKE_BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    if (events.length === 0) return 0;
    const consumed = await consume(trx, events);
    await trx.updateTable('webhook_events').set({ [consumer]: now }).where('id', 'in', events.map((event) => event.id)).execute();
    return consumed;
  });
}
