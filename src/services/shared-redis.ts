import { Redis } from 'ioredis';

// The Redis the rate limits share across replicas (docs/deployment.md "Rate limits"). Redis is an
// optimisation of the limits, never a dependency of the API: every call is bounded (connect and
// command timeouts, no offline queue), and once a call fails or times out the connection counts
// as down, so requests stop asking it at all until a probe (PING, once a second) answers again.
// A frozen Redis therefore costs the requests of at most one command timeout, not one each.

/** A connect attempt that has not completed by then is abandoned and tried again. */
const CONNECT_TIMEOUT_MS = 1_000;
/** A Redis on the same network answers in a millisecond; this is a hang, not a slow answer. */
export const COMMAND_TIMEOUT_MS = 500;
/** Between two probes of a Redis that is down, and the longest wait between reconnects. */
const PROBE_INTERVAL_MS = 1_000;

/** 'connecting' until the first answer or failure; calls go to Redis only while it is 'up'. */
export type RedisState = 'connecting' | 'up' | 'down';

export class SharedRedis {
  readonly client: Redis;
  private state: RedisState = 'connecting';
  private reason = 'not connected yet';
  private probing: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<(state: RedisState, previous: RedisState, reason: string) => void>();
  private closed = false;

  constructor(url: string) {
    this.client = new Redis(url, {
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: COMMAND_TIMEOUT_MS,
      // A command sent while disconnected fails at once instead of waiting in a queue.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Reconnect forever, at most a second apart: a server started before Redis connects later.
      retryStrategy: (attempt) => Math.min(attempt * 100, PROBE_INTERVAL_MS),
      lazyConnect: false,
    });
    // Without a listener an 'error' event would crash the process.
    this.client.on('error', (error: Error) => this.failed(error));
    this.client.on('close', () => this.failed(new Error('connection closed')));
    this.client.on('ready', () => this.probe());
  }

  get current(): RedisState {
    return this.state;
  }

  /** True when calls should go to Redis: it answered last time it was asked. */
  get up(): boolean {
    return this.state === 'up';
  }

  /** Why Redis is down (for /readyz and the logs); undefined while it is up. */
  get downReason(): string | undefined {
    return this.state === 'up' ? undefined : this.reason;
  }

  /** Called with every change between up and down. */
  onChange(listener: (state: RedisState, previous: RedisState, reason: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A call failed or timed out: stop asking Redis until a probe answers. */
  failed(error: Error): void {
    // Closing the connection on purpose is not Redis failing.
    if (this.closed) return;
    this.setState('down', error.message);
    if (!this.probing) this.probing = setInterval(() => this.probe(), PROBE_INTERVAL_MS).unref();
  }

  private probe(): void {
    if (this.closed || this.client.status !== 'ready') return;
    this.client.ping().then(
      () => {
        clearInterval(this.probing);
        this.probing = undefined;
        this.setState('up', 'answers');
      },
      (error: Error) => this.failed(error),
    );
  }

  private setState(state: RedisState, reason: string): void {
    if (state === 'down') this.reason = reason;
    if (this.state === state) return;
    const previous = this.state;
    this.state = state;
    for (const listener of this.listeners) listener(state, previous, reason);
  }

  close(): void {
    this.closed = true;
    clearInterval(this.probing);
    this.client.disconnect();
  }
}
