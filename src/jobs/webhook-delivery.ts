import { Webhook } from 'standardwebhooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/store.js';
import type { SecretBox } from '../domain/secret-box.js';
import { DEFAULT_RETRY_SCHEDULE, deliveryBody, nextAttemptAt, type RetrySchedule } from '../domain/webhook-delivery.js';
import { claimDueDeliveries, fanOutEvents, recordAttempt, type AttemptOutcome, type ClaimedDelivery, type InFlightLimits } from '../repositories/webhook-deliveries.js';
import { postGuarded, type OutboundOptions } from '../services/outbound-http.js';
import type { Job } from './job.js';

// Webhook delivery (docs/webhooks.md): each pass fans new outbox events out to the endpoints that
// want them, then starts one attempt of each due delivery, signed per the Standard Webhooks
// specification by its maintained implementation. Every replica runs it: a delivery is leased to
// the replica that counts its attempt, so no two replicas make the same attempt.
//
// Fairness (docs/webhooks.md "Fair delivery"): the job's passes do not wait for the attempts they
// start, and a pass only claims what fits in the in-flight limits (per endpoint, per organization,
// per replica). A receiver that accepts and never answers holds its own endpoint's slots until
// its deadline, and nobody else's: other organizations' deliveries go out at the next pass.

/** Attempts in flight at once per replica. */
const MAX_IN_FLIGHT = 64;
/** A lease outlives the attempt's own deadline by this much. */
const LEASE_MARGIN_MS = 30_000;
/** How much of a receiver's answer the delivery log keeps. */
export const RESPONSE_EXCERPT_BYTES = 1024;
/** How much of a receiver's answer is read at all. */
export const RESPONSE_READ_BYTES = 64 * 1024;

export interface WebhookDeliveryOptions {
  db: Db;
  secretBox: () => Promise<SecretBox>;
  outbound: Omit<OutboundOptions, 'maxResponseBytes'>;
  schedule: RetrySchedule;
  /** The schedule's clock (tests move it instead of waiting); signatures carry the real time. */
  now?: () => Date;
  /** Jitter source in [0, 1). */
  random?: () => number;
  limits: InFlightLimits;
}

function outcomeOf(attemptedAt: Date, started: number, result: { statusCode: number; location: string | undefined; body: Buffer } | Error): AttemptOutcome {
  const latencyMs = Math.round(performance.now() - started);
  if (result instanceof Error) return { attemptedAt, statusCode: null, latencyMs, responseExcerpt: '', error: result.message, succeeded: false };
  const { statusCode } = result;
  const succeeded = statusCode >= 200 && statusCode < 300;
  const redirect = statusCode >= 300 && statusCode < 400 ? `redirect to ${result.location ?? '(no Location)'} not followed` : null;
  const error = succeeded ? null : (redirect ?? `HTTP ${statusCode}`);
  return { attemptedAt, statusCode, latencyMs, responseExcerpt: result.body.subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8'), error, succeeded };
}

async function attempt(options: WebhookDeliveryOptions, box: SecretBox, delivery: ClaimedDelivery): Promise<void> {
  const clock = options.now ?? (() => new Date());
  const body = deliveryBody(delivery.format, { id: delivery.eventId, organizationId: delivery.organizationId, type: delivery.eventType, createdAt: delivery.eventCreatedAt, payload: delivery.payload });
  const signedAt = new Date();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Quarterdeck-Webhooks',
    'webhook-id': delivery.id,
    'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
    'webhook-signature': new Webhook(box.open(delivery.secretSealed)).sign(delivery.id, signedAt, body),
  };
  const attemptedAt = clock();
  const started = performance.now();
  const result = await postGuarded(delivery.url, body, headers, { ...options.outbound, maxResponseBytes: RESPONSE_READ_BYTES }).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  const outcome = outcomeOf(attemptedAt, started, result);
  const retryAt = outcome.succeeded ? null : nextAttemptAt(options.schedule, delivery.retryWindowStart, clock(), (options.random ?? Math.random)());
  await recordAttempt(options.db, delivery, outcome, retryAt);
}

/** Fans out, claims up to `room` due deliveries within the limits and starts their attempts; each settles once recorded. */
async function startDueAttempts(options: WebhookDeliveryOptions, room: number): Promise<Promise<void>[]> {
  const now = (options.now ?? (() => new Date()))();
  await fanOutEvents(options.db, now);
  if (room <= 0) return [];
  const leaseUntil = new Date(now.getTime() + options.outbound.timeoutMs + LEASE_MARGIN_MS);
  const claimed = await claimDueDeliveries(options.db, now, leaseUntil, room, options.limits);
  if (claimed.length === 0) return [];
  const box = await options.secretBox();
  return claimed.map((delivery) => attempt(options, box, delivery));
}

/** One pass that waits for its attempts (tests, and the replica race): answers how many were made. */
export async function deliverWebhooks(options: WebhookDeliveryOptions): Promise<number> {
  const attempts = await startDueAttempts(options, MAX_IN_FLIGHT);
  // Each attempt records itself; one that could not is reported after the others are done.
  const failed = (await Promise.allSettled(attempts)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return attempts.length;
}

/** The options the configuration gives (tests override the clock and schedule). */
export function webhookDeliveryOptions(services: { config: Config; db: Db; secretBox: () => Promise<SecretBox> }): WebhookDeliveryOptions {
  const { config } = services;
  return {
    db: services.db,
    secretBox: services.secretBox,
    outbound: { allowPrivate: config.webhookAllowPrivate, timeoutMs: config.webhookTimeoutMs },
    schedule: { ...DEFAULT_RETRY_SCHEDULE, baseMs: config.webhookRetryBaseMs, windowMs: config.webhookRetryWindowMs },
    limits: { perEndpoint: config.webhookInFlightPerEndpoint, perOrganization: config.webhookInFlightPerOrganization },
  };
}

/**
 * The delivery job: each pass starts what is due and fits, and does not wait for it; attempts in
 * flight are tracked so that the replica never has more than MAX_IN_FLIGHT, and stopping waits
 * for them. An attempt that could not record itself is logged (its lease lapses; it comes again).
 */
export function webhookDeliveryJob(options: WebhookDeliveryOptions, intervalMs: number, log: Pick<FastifyBaseLogger, 'error'>): Job {
  const inFlight = new Set<Promise<void>>();
  return {
    name: 'webhook delivery',
    intervalMs,
    async runOnce() {
      const started = await startDueAttempts(options, MAX_IN_FLIGHT - inFlight.size);
      for (const attempt of started) {
        const tracked: Promise<void> = attempt
          .catch((error: unknown) => log.error({ err: error }, 'webhook delivery: an attempt could not be recorded; it comes again when its lease lapses'))
          .finally(() => inFlight.delete(tracked));
        inFlight.add(tracked);
      }
      return started.length;
    },
    async settle() {
      await Promise.allSettled([...inFlight]);
    },
  };
}
