import { eventSummary } from './webhook-events.js';

// What a delivery sends and when it tries again (docs/webhooks.md). Pure: the job does the I/O.

export interface OutboxEvent {
  id: string;
  organizationId: string;
  type: string;
  createdAt: Date;
  payload: Record<string, unknown>;
}

/**
 * The body of a delivery: the Standard Webhooks envelope `{type, timestamp, data}` (data: the
 * event's figures with its id and organization), or for a Slack endpoint an incoming-webhook
 * message `{text, blocks}`.
 */
export function deliveryBody(format: string, event: OutboxEvent): string {
  const data = { eventId: event.id, organizationId: event.organizationId, ...event.payload };
  if (format !== 'slack') return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data });
  const text = eventSummary(event.type, data);
  return JSON.stringify({
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: `${event.type} · ${event.id} · ${event.createdAt.toISOString()}` }] },
    ],
  });
}

export interface RetrySchedule {
  /** The shortest wait before a retry. */
  baseMs: number;
  /** The longest wait between two attempts. */
  maxDelayMs: number;
  /** Retries stop once the next would come this long after the window started. */
  windowMs: number;
}

/** About a day of retries: waits of 30 s, 30 s, 1 min, 2 min, ... doubling up to 6 h. */
export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = { baseMs: 30_000, maxDelayMs: 6 * 3_600_000, windowMs: 86_400_000 };

/** Each wait is the time spent failing so far (so waits double), jittered by ±20%. */
const JITTER = 0.2;

/**
 * When to try again after a failed attempt at `now`, or null when that would leave the retry
 * window (the delivery has failed). `random` is in [0, 1).
 */
export function nextAttemptAt(schedule: RetrySchedule, windowStart: Date, now: Date, random: number): Date | null {
  const failingFor = Math.max(0, now.getTime() - windowStart.getTime());
  const wait = Math.min(schedule.maxDelayMs, Math.max(schedule.baseMs, failingFor)) * (1 - JITTER + 2 * JITTER * random);
  const next = now.getTime() + Math.round(wait);
  return next > windowStart.getTime() + schedule.windowMs ? null : new Date(next);
}
