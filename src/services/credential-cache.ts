import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../db/store.js';
import type { Subscription } from '../db/notifications.js';
import { CREDENTIALS_CHANNEL } from '../repositories/credential-changes.js';

// Verified credentials (API keys, the keys behind access tokens, computer tokens), kept in the
// process so that a request does not cost a database round trip to authenticate. Whatever ends
// or changes a credential (revoking a key, deactivating a user, changing a role, deleting a
// computer) calls `credentialsChanged` (repositories/credential-changes.ts) in its transaction:
// at commit the NOTIFY reaches every replica's listener, and each flushes its whole cache. The
// request that made the change answers only once every replica has acknowledged hearing it
// (`awaitChangesHeard`). While a listener is not listening (its connection dropped), nothing is
// cached. The TTL is only a safety net; a key's expiry ends its entry on time. Failed lookups are
// never cached. docs/security.md "Credential cache".

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;
/** How long a change's request waits at most for every replica to acknowledge it. */
export const HEAR_TIMEOUT_MS = 2_000;

// The channel's payloads: '' is a change (flush); a probe asks every listener to acknowledge
// what it heard before it; an acknowledgement answers one. Probes and acknowledgements flush nothing.
const PROBE = 'probe:';
const ACK = 'ack:';

interface Entry {
  value: object;
  until: number;
}

/** A probe waiting for acknowledgements: the listeners that have acknowledged it so far. */
interface Probe {
  acknowledged: Set<string>;
  changed: () => void;
}

export class CredentialCache {
  private readonly entries = new Map<string, Entry>();
  // Bumped by every flush: a lookup that started before one must not store what it read.
  private generation = 0;
  private listening = false;
  private readonly probes = new Map<string, Probe>();
  private subscription: Subscription | undefined;

  private constructor() {}

  static async open(store: Store): Promise<CredentialCache> {
    const cache = new CredentialCache();
    const name = randomBytes(8).toString('hex');
    cache.subscription = await store.listen(CREDENTIALS_CHANNEL, name, (listening, payload) => cache.signal(listening, payload));
    return cache;
  }

  /** The value `load` finds for `key`, from the cache when it is there; `expiresAt` bounds its stay. */
  async lookup<T extends object>(key: string, load: () => Promise<T | undefined>, expiresAt?: (value: T) => Date | null): Promise<T | undefined> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value as T;
    if (hit) this.entries.delete(key);
    const generation = this.generation;
    const value = await load();
    if (value && this.listening && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, until: Math.min(now + TTL_MS, expiresAt?.(value)?.getTime() ?? Infinity) });
    }
    return value;
  }

  /**
   * Waits until every replica's listener has heard every credential change committed so far: a
   * request that changed one answers only then. A probe sent after the commit lists the listeners
   * connected at that moment; notifications arrive in commit order, so a listener that
   * acknowledges the probe has flushed for the change before it. A listener that connects later
   * starts empty. A replica silent for HEAR_TIMEOUT_MS is logged and the request answers anyway:
   * its entries last at most TTL_MS.
   */
  async awaitChangesHeard(log: FastifyBaseLogger): Promise<void> {
    const subscription = this.subscription;
    // A listener that cannot hear on its connection (a transaction pooler without
    // DATABASE_DIRECT_URL, on every replica alike: docs/deployment.md "Behind PgBouncer") caches
    // nothing, and no replica so configured has anything to flush.
    if (!subscription || subscription.deaf) return;
    const deadline = Date.now() + HEAR_TIMEOUT_MS;
    const id = randomUUID();
    const probe: Probe = { acknowledged: new Set(), changed: () => {} };
    this.probes.set(id, probe);
    let listeners: string[] | undefined;
    try {
      for (;;) {
        if (listeners?.every((name) => probe.acknowledged.has(name))) return;
        const left = deadline - Date.now();
        if (left <= 0) break;
        if (!listeners && this.listening) {
          // Sent again after a reconnect: an acknowledgement of any sending comes after the change.
          listeners = await subscription.notify(PROBE + id).catch(() => undefined);
          if (listeners) continue;
        }
        // An acknowledgement, the listener stopping or starting, or the deadline.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          probe.changed = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        if (!this.listening) listeners = undefined;
      }
      const silentReplicas = (listeners ?? [subscription.name]).filter((name) => !probe.acknowledged.has(name));
      log.warn({ silentReplicas, timeoutMs: HEAR_TIMEOUT_MS }, 'a credential change was not acknowledged by every replica in time: their cached credentials expire within 60 s');
    } finally {
      this.probes.delete(id);
    }
  }

  private signal(listening: boolean, payload?: string): void {
    if (listening && payload?.startsWith(PROBE)) {
      // Every notification before this probe has been handled: acknowledge it.
      const subscription = this.subscription;
      subscription?.notify(`${ACK}${payload.slice(PROBE.length)} ${subscription.name}`).catch(() => undefined);
      return;
    }
    if (listening && payload?.startsWith(ACK)) {
      const [id = '', name = ''] = payload.slice(ACK.length).split(' ');
      const probe = this.probes.get(id);
      probe?.acknowledged.add(name);
      probe?.changed();
      return;
    }
    this.generation += 1;
    this.entries.clear();
    this.listening = listening;
    for (const probe of this.probes.values()) probe.changed();
  }

  async close(): Promise<void> {
    this.signal(false);
    await this.subscription?.close();
  }
}
