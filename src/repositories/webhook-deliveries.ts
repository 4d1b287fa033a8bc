import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { notFound } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { subscribes, TEST_EVENT_TYPE } from '../domain/webhook-events.js';
import { leaseDue } from './leases.js';
import { consumeNewEvents } from './webhook-events.js';
import { assertEnabled, disableFailingWebhook, findWebhook } from './webhooks.js';

// Deliveries of outbox events to endpoints, and their log (docs/webhooks.md). All times come from
// the caller, so the delivery job's schedule can run on a test clock.

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface DeliveryRecord {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

/** A line of the delivery log. */
export interface AttemptRecord extends AttemptOutcome {
  id: string;
  deliveryId: string;
  eventId: string;
  eventType: string;
  attempt: number;
}

/** A delivery taken by this replica for one attempt. */
export interface ClaimedDelivery {
  id: string;
  organizationId: string;
  endpointId: string;
  /** This attempt's number (1 for the first). */
  attempt: number;
  retryWindowStart: Date;
  url: string;
  format: string;
  secretSealed: string;
  eventId: string;
  eventType: string;
  eventCreatedAt: Date;
  payload: Record<string, unknown>;
}

/**
 * Turns outbox events not yet fanned out into one delivery per enabled endpoint that subscribes
 * to them (and existed when they happened), and marks them fanned out, in one transaction. Replicas skip each other's locked
 * events; the unique (endpoint, event) pair keeps a delivery from being made twice.
 */
export async function fanOutEvents(db: Db, now: Date): Promise<number> {
  return consumeNewEvents(db, 'fanned_out_at', now, async (trx, events) => {
    const organizations = [...new Set(events.map((event) => event.organization_id))];
    const endpoints = await trx.selectFrom('webhook_endpoints').select(['id', 'organization_id', 'event_types', 'created_at']).where('organization_id', 'in', organizations).where('enabled', '=', true).execute();
    const deliveries = events.flatMap((event) =>
      endpoints
        // An endpoint hears of what happens from its creation on, not of older events still queued.
        .filter((endpoint) => endpoint.organization_id === event.organization_id && endpoint.created_at <= event.created_at && subscribes(endpoint.event_types, event.type))
        .map((endpoint) => ({ id: newId('msg', now.getTime()), organization_id: event.organization_id, endpoint_id: endpoint.id, event_id: event.id, next_attempt_at: now, retry_window_start: now, created_at: now })),
    );
    if (deliveries.length > 0) await trx.insertInto('webhook_deliveries').values(deliveries).onConflict((oc) => oc.columns(['organization_id', 'endpoint_id', 'event_id']).doNothing()).execute();
    return deliveries.length;
  });
}

/** How many attempts may be in flight at once (leased, on any replica) per endpoint and per organization. */
export interface InFlightLimits {
  perEndpoint: number;
  perOrganization: number;
}

/**
 * Due deliveries of enabled endpoints that fit in the in-flight limits: counting what is leased
 * now (on any replica), at most `perEndpoint` per endpoint and `perOrganization` per
 * organization, the soonest due first in each. An organization whose receivers hang fills its
 * own slots only.
 */
function withinLimits(now: Date, limits: InFlightLimits) {
  const leased = (column: 'endpoint_id' | 'organization_id') =>
    sql`(SELECT ${sql.ref(column)} AS owner, count(*) AS n FROM webhook_deliveries WHERE status = 'pending' AND lease_until > ${now} GROUP BY ${sql.ref(column)})`;
  return sql`d.id IN (
    SELECT fits.id FROM (
      SELECT due.id, row_number() OVER (PARTITION BY due.organization_id ORDER BY due.next_attempt_at, due.id) + coalesce(busy.n, 0) AS organization_slot
      FROM (
        SELECT w.id, w.organization_id, w.next_attempt_at,
          row_number() OVER (PARTITION BY w.endpoint_id ORDER BY w.next_attempt_at, w.id) + coalesce(busy.n, 0) AS endpoint_slot
        FROM webhook_deliveries w
        LEFT JOIN ${leased('endpoint_id')} busy ON busy.owner = w.endpoint_id
        WHERE w.status = 'pending' AND w.next_attempt_at <= ${now} AND (w.lease_until IS NULL OR w.lease_until <= ${now})
          AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = w.endpoint_id AND e.enabled)
      ) due
      LEFT JOIN ${leased('organization_id')} busy ON busy.owner = due.organization_id
      WHERE due.endpoint_slot <= ${limits.perEndpoint}
    ) fits
    WHERE fits.organization_slot <= ${limits.perOrganization}
  )`;
}

/**
 * Takes up to `limit` due deliveries of enabled endpoints, within the in-flight limits, for one
 * attempt each: counts the attempt and leases the delivery until `leaseUntil`, in one statement,
 * so no other replica takes it meanwhile. A lease that lapses (its replica died) makes the
 * delivery due again.
 */
export async function claimDueDeliveries(db: Db, now: Date, leaseUntil: Date, limit: number, limits: InFlightLimits): Promise<ClaimedDelivery[]> {
  const attempts = await leaseDue(db, 'webhook_deliveries', { now, leaseUntil, limit, alsoWhere: withinLimits(now, limits) });
  if (attempts.size === 0) return [];
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .select(['d.id', 'd.organization_id', 'd.endpoint_id', 'd.retry_window_start', 'e.url', 'e.format', 'e.secret_sealed', 'v.id as event_id', 'v.type', 'v.created_at as event_created_at', 'v.payload'])
    .where('d.id', 'in', [...attempts.keys()])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    organizationId: row.organization_id,
    endpointId: row.endpoint_id,
    attempt: attempts.get(row.id)!,
    retryWindowStart: row.retry_window_start,
    url: row.url,
    format: row.format,
    secretSealed: row.secret_sealed,
    eventId: row.event_id,
    eventType: row.type,
    eventCreatedAt: row.event_created_at,
    payload: row.payload,
  }));
}

export interface AttemptOutcome {
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string;
  error: string | null;
  succeeded: boolean;
}

/**
 * Records an attempt in the log and moves its delivery on: delivered; due again at `retryAt`; or,
 * when `retryAt` is null (the retry window is spent), failed, and its endpoint disabled. The
 * delivery only moves while this attempt still holds it (its lease lapsed and another attempt
 * began: that one decides).
 */
export async function recordAttempt(db: Db, delivery: ClaimedDelivery, outcome: AttemptOutcome, retryAt: Date | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_attempts')
      .values({
        id: newId('att', outcome.attemptedAt.getTime()),
        organization_id: delivery.organizationId,
        endpoint_id: delivery.endpointId,
        delivery_id: delivery.id,
        attempt: delivery.attempt,
        attempted_at: outcome.attemptedAt,
        status_code: outcome.statusCode,
        latency_ms: outcome.latencyMs,
        response_excerpt: outcome.responseExcerpt,
        error: outcome.error,
        succeeded: outcome.succeeded,
      })
      .execute();
    const moved = await trx
      .updateTable('webhook_deliveries')
      .set(
        outcome.succeeded
          ? { status: 'succeeded', delivered_at: outcome.attemptedAt, lease_until: null }
          : retryAt
            ? { next_attempt_at: retryAt, lease_until: null }
            : { status: 'failed', lease_until: null },
      )
      .where('organization_id', '=', delivery.organizationId)
      .where('id', '=', delivery.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', delivery.attempt)
      .executeTakeFirst();
    if (moved.numUpdatedRows > 0n && !outcome.succeeded && !retryAt) {
      const reason = `delivery ${delivery.id} (${delivery.eventType}) failed ${delivery.attempt} attempts since ${delivery.retryWindowStart.toISOString()}; last: ${outcome.error ?? `HTTP ${outcome.statusCode}`}`;
      await disableFailingWebhook(trx, delivery.organizationId, delivery.endpointId, reason, outcome.attemptedAt);
    }
  });
}

function deliveriesOf(db: Db, organizationId: string, webhookId: string) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .select(['d.id', 'd.endpoint_id', 'd.event_id', 'v.type', 'd.status', 'd.attempts', 'd.next_attempt_at', 'd.delivered_at', 'd.created_at'])
    .where('d.organization_id', '=', organizationId)
    .where('d.endpoint_id', '=', webhookId);
}

type DeliveryRow = { id: string; endpoint_id: string; event_id: string; type: string; status: string; attempts: number; next_attempt_at: Date; delivered_at: Date | null; created_at: Date };

function toDelivery(row: DeliveryRow): DeliveryRecord {
  const status = row.status as DeliveryStatus;
  return {
    id: row.id,
    webhookId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.type,
    status,
    attempts: row.attempts,
    nextAttemptAt: status === 'pending' ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
    createdAt: row.created_at,
  };
}

export async function findDelivery(db: Db, organizationId: string, webhookId: string, deliveryId: string): Promise<DeliveryRecord> {
  const row = await deliveriesOf(db, organizationId, webhookId).where('d.id', '=', deliveryId).executeTakeFirst();
  if (!row) throw notFound('delivery');
  return toDelivery(row);
}

/** Deliveries of an endpoint, newest first. */
export async function listDeliveries(db: Db, organizationId: string, webhookId: string, page: { before: string | undefined; limit: number }): Promise<DeliveryRecord[]> {
  await findWebhook(db, organizationId, webhookId);
  let query = deliveriesOf(db, organizationId, webhookId);
  if (page.before !== undefined) query = query.where('d.id', '<', page.before);
  return (await query.orderBy('d.id', 'desc').limit(page.limit).execute()).map(toDelivery);
}

/** The delivery log of an endpoint: its attempts, newest first. */
export async function listAttempts(db: Db, organizationId: string, webhookId: string, page: { before: string | undefined; limit: number }): Promise<AttemptRecord[]> {
  await findWebhook(db, organizationId, webhookId);
  let query = db
    .selectFrom('webhook_attempts as a')
    .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .select(['a.id', 'a.delivery_id', 'd.event_id', 'v.type', 'a.attempt', 'a.attempted_at', 'a.status_code', 'a.latency_ms', 'a.response_excerpt', 'a.error', 'a.succeeded'])
    .where('a.organization_id', '=', organizationId)
    .where('a.endpoint_id', '=', webhookId);
  if (page.before !== undefined) query = query.where('a.id', '<', page.before);
  const rows = await query.orderBy('a.id', 'desc').limit(page.limit).execute();
  return rows.map((row) => ({
    id: row.id,
    deliveryId: row.delivery_id,
    eventId: row.event_id,
    eventType: row.type,
    attempt: row.attempt,
    attemptedAt: row.attempted_at,
    statusCode: row.status_code,
    latencyMs: row.latency_ms,
    responseExcerpt: row.response_excerpt,
    error: row.error,
    succeeded: row.succeeded,
  }));
}

/**
 * Sends a delivery again, now, with a fresh retry window (same webhook-id: a receiver that
 * already has it may dedupe). The endpoint must be enabled.
 */
export async function replayDelivery(db: Db, organizationId: string, webhookId: string, deliveryId: string, now = new Date()): Promise<DeliveryRecord> {
  assertEnabled(await findWebhook(db, organizationId, webhookId));
  const updated = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: now, retry_window_start: now, delivered_at: null })
    .where('organization_id', '=', organizationId)
    .where('endpoint_id', '=', webhookId)
    .where('id', '=', deliveryId)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw notFound('delivery');
  return findDelivery(db, organizationId, webhookId, deliveryId);
}

/** A webhook.test event for this endpoint alone, due now. The endpoint must be enabled. */
export async function queueTestEvent(db: Db, organizationId: string, webhookId: string, now = new Date()): Promise<DeliveryRecord> {
  assertEnabled(await findWebhook(db, organizationId, webhookId));
  const deliveryId = newId('msg', now.getTime());
  await db.transaction().execute(async (trx) => {
    const eventId = newId('evt', now.getTime());
    // Fanned out already: it goes to this endpoint only.
    await trx.insertInto('webhook_events').values({ id: eventId, organization_id: organizationId, type: TEST_EVENT_TYPE, payload: JSON.stringify({ webhookId }), created_at: now, fanned_out_at: now }).execute();
    await trx.insertInto('webhook_deliveries').values({ id: deliveryId, organization_id: organizationId, endpoint_id: webhookId, event_id: eventId, next_attempt_at: now, retry_window_start: now, created_at: now }).execute();
  });
  return findDelivery(db, organizationId, webhookId, deliveryId);
}
