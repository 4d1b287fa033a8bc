// Retrying with backoff, shared by every client-side part (the SDK, the hooks' telemetry
// reporter): one rule for how long to wait before trying again.

export interface Backoff {
  /** The first wait; it doubles with each attempt. */
  baseMs: number;
  /** The longest wait, whatever the attempt or the server's Retry-After. */
  maxMs: number;
}

/** The server's Retry-After in ms, when it sent a usable number of seconds. */
export function retryAfterMs(header: string | null | undefined): number | undefined {
  const seconds = header === null || header === undefined || header === '' ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/**
 * The wait before retry `attempt` (0 for the first retry): the server's Retry-After when given,
 * else exponential backoff with jitter, which spreads the retries of many clients after an outage.
 */
export function backoffMs(attempt: number, backoff: Backoff, retryAfter?: string | null): number {
  const told = retryAfterMs(retryAfter);
  if (told !== undefined) return Math.min(told, backoff.maxMs);
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** attempt) * (0.5 + Math.random() / 2);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
