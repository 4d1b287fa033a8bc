import { randomUUID } from 'node:crypto';
import { backoffMs, sleep } from '../sdk/retry.js';

// Reports hook executions to the service as `hook` telemetry events (decisions.md §4). The agent
// never waits for it: events are queued, sent in batches in the background, and retried with
// backoff while the service is unreachable or busy. Event ids are idempotency keys, so resending a
// batch whose answer was lost never counts twice. flush() is for process exit, with a short bound.

export const TELEMETRY_CLIENTS = ['terminal-ui', 'web', 'non-interactive-cli'] as const;
export type TelemetryClient = (typeof TELEMETRY_CLIENTS)[number];

export interface HookTelemetryEvent {
  id: string;
  type: 'hook';
  /** Unix milliseconds of the hook's start. */
  timestamp: number;
  sessionId: string;
  client: TelemetryClient;
  event: string;
  matcher: string;
  command: string;
}

/** What the runner needs: somewhere to drop events without waiting. */
export interface HookReporter {
  report(event: HookTelemetryEvent): void;
}

export const TELEMETRY_PATH = '/api/v1/telemetry/events';

// The service's limits on these fields: no control characters, bounded lengths.
const FIELD_LIMITS = { sessionId: 128, event: 100, matcher: 500, command: 4000 } as const;

function fitField(value: string, maxLength: number): string {
  // eslint-disable-next-line no-control-regex
  return Array.from(value.replace(/[\u0000-\u001F\u007F-\u009F]/g, ' ')).slice(0, maxLength).join('');
}

export function hookEvent(fields: Omit<HookTelemetryEvent, 'id' | 'type'>): HookTelemetryEvent {
  return {
    id: `hook-${randomUUID()}`,
    type: 'hook',
    timestamp: fields.timestamp,
    sessionId: fitField(fields.sessionId, FIELD_LIMITS.sessionId),
    client: fields.client,
    event: fitField(fields.event, FIELD_LIMITS.event),
    matcher: fitField(fields.matcher, FIELD_LIMITS.matcher),
    command: fitField(fields.command, FIELD_LIMITS.command),
  };
}

export interface ReporterOptions {
  /** Base URL of the service, e.g. https://quarterdeck.example.com */
  url: string;
  apiKey: string;
  /** Events per request (the service takes up to 1000). */
  batchSize?: number;
  /** Wait before sending, so the hooks of one event travel together. */
  batchDelayMs?: number;
  /** First retry delay; it doubles per failure up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Attempts per batch before it is dropped. */
  maxAttempts?: number;
  requestTimeoutMs?: number;
  /** Oldest events are dropped beyond this, so a long outage cannot grow memory without end. */
  maxQueued?: number;
  /** Told about dropped events; reporting never throws. */
  onProblem?: (message: string) => void;
}

type Verdict = { kind: 'done' } | { kind: 'rejected'; why: string } | { kind: 'retry'; why: string; retryAfter?: string | null };

export class TelemetryReporter implements HookReporter {
  private readonly endpoint: string;
  private readonly options: Required<Omit<ReporterOptions, 'onProblem'>> & Pick<ReporterOptions, 'onProblem'>;
  private queue: HookTelemetryEvent[] = [];
  /** Events of the batch being sent, out of the queue until the service answers. */
  private inFlight = 0;
  private sending: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private nextAttemptAt = 0;
  private failures = 0;

  constructor(options: ReporterOptions) {
    this.options = {
      batchSize: 100,
      batchDelayMs: 100,
      retryBaseMs: 500,
      retryMaxMs: 30_000,
      maxAttempts: 8,
      requestTimeoutMs: 10_000,
      maxQueued: 10_000,
      ...options,
    };
    this.endpoint = `${options.url.replace(/\/+$/, '')}${TELEMETRY_PATH}`;
  }

  report(event: HookTelemetryEvent): void {
    if (this.queue.length >= this.options.maxQueued) {
      this.queue.shift();
      this.options.onProblem?.('telemetry queue full: dropped the oldest event');
    }
    this.queue.push(event);
    this.schedule(this.options.batchDelayMs);
  }

  /** Events not yet accepted by the service: the queue's, and the batch on its way. */
  get pending(): number {
    return this.queue.length + this.inFlight;
  }

  /**
   * Sends what is queued now, retrying within the bound; true when everything was delivered.
   * Meant for process exit: background timers do not keep a process alive, this does.
   */
  async flush(timeoutMs = 2_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.sending) {
        await Promise.race([this.sending, sleep(deadline - Date.now())]);
        continue;
      }
      if (this.queue.length === 0) return true;
      clearTimeout(this.timer);
      this.timer = undefined;
      await sleep(Math.min(this.nextAttemptAt, deadline) - Date.now());
      if (Date.now() < deadline) void this.sendAll();
    }
    return this.queue.length === 0 && !this.sending;
  }

  private schedule(delayMs: number): void {
    if (this.timer || this.sending) return;
    this.nextAttemptAt = Date.now() + delayMs;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.sendAll();
    }, delayMs);
    this.timer.unref();
  }

  private sendAll(): Promise<void> {
    this.sending ??= this.sendBatches().finally(() => {
      this.sending = undefined;
      if (this.queue.length > 0) this.schedule(Math.max(0, this.nextAttemptAt - Date.now()));
    });
    return this.sending;
  }

  /** Sends batches until the queue is empty or a batch must wait for a retry. */
  private async sendBatches(): Promise<void> {
    this.nextAttemptAt = Date.now();
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.batchSize);
      this.inFlight = batch.length;
      const verdict = await this.post(batch).finally(() => (this.inFlight = 0));
      if (verdict.kind === 'done') {
        this.failures = 0;
        continue;
      }
      if (verdict.kind === 'rejected') {
        this.failures = 0;
        this.options.onProblem?.(`telemetry batch of ${batch.length} rejected: ${verdict.why}`);
        continue;
      }
      this.failures += 1;
      if (this.failures >= this.options.maxAttempts) {
        this.failures = 0;
        this.options.onProblem?.(`telemetry batch of ${batch.length} dropped after ${this.options.maxAttempts} attempts: ${verdict.why}`);
        continue;
      }
      this.queue.unshift(...batch);
      this.nextAttemptAt = Date.now() + backoffMs(this.failures - 1, { baseMs: this.options.retryBaseMs, maxMs: this.options.retryMaxMs }, verdict.retryAfter);
      return;
    }
  }

  private async post(events: HookTelemetryEvent[]): Promise<Verdict> {
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ events }),
        signal: AbortSignal.timeout(this.options.requestTimeoutMs),
      });
      await response.arrayBuffer();
    } catch (error) {
      return { kind: 'retry', why: (error as Error).message };
    }
    if (response.ok) return { kind: 'done' };
    const why = `HTTP ${response.status}`;
    if (response.status === 408 || response.status === 429 || response.status >= 500) {
      return { kind: 'retry', why, retryAfter: response.headers.get('retry-after') };
    }
    // Any other answer (bad key, invalid event) would be the same next time.
    return { kind: 'rejected', why };
  }
}
