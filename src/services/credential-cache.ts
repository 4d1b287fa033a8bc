import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Store } from '../db/store.js';
import type { Subscription } from '../db/notifications.js';

// Verified credentials (API keys, the keys behind access tokens, computer tokens), kept in the
// process so that a request does not cost a database round trip to authenticate. Whatever ends
// or changes a credential (revoking a key, deactivating a user, changing a role, deleting a
// computer) calls `credentialsChanged` in its transaction: at commit the NOTIFY reaches every
// replica's listener, and each flushes its whole cache. While a listener is not listening (its
// connection dropped), nothing is cached. The TTL is only a safety net; a key's expiry ends its
// entry on time. Failed lookups are never cached. docs/security.md "Credential cache".

const CHANNEL = 'quarterdeck_credentials';
const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;
/** How long a change's request waits at most for the listener to hear it. */
const HEAR_TIMEOUT_MS = 2_000;

/** Call inside the transaction that ends or changes a credential. */
export async function credentialsChanged(trx: Db): Promise<void> {
  await sql`SELECT pg_notify(${CHANNEL}, '')`.execute(trx);
}

interface Entry {
  value: object;
  until: number;
}

export class CredentialCache {
  private readonly entries = new Map<string, Entry>();
  // Bumped by every flush: a lookup that started before one must not store what it read.
  private generation = 0;
  private listening = false;
  private readonly probes = new Map<string, () => void>();
  private subscription: Subscription | undefined;

  private constructor(private readonly db: Db) {}

  static async open(store: Store): Promise<CredentialCache> {
    const cache = new CredentialCache(store.db);
    // On PostgreSQL another replica hears a change a few milliseconds after its commit answers, so
    // a request arriving there in between was served from a stale entry (seen in CI): until the
    // invalidation is strict across replicas, only the embedded store (one process, notified
    // before the commit answers) caches.
    if (store.kind !== 'embedded') return cache;
    cache.subscription = await store.listen(CHANNEL, (listening, payload) => cache.signal(listening, payload));
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
   * Waits until this process's listener has heard every credential change committed so far: a
   * request that changed one answers only then. Notifications arrive in commit order, so hearing
   * a probe sent now means hearing what came before it; the other replicas' listeners are woken
   * by the same commits.
   */
  async awaitChangesHeard(): Promise<void> {
    if (!this.listening) return;
    const probe = randomUUID();
    const heard = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, HEAR_TIMEOUT_MS);
      this.probes.set(probe, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    try {
      await sql`SELECT pg_notify(${CHANNEL}, ${probe})`.execute(this.db);
      await heard;
    } finally {
      this.probes.delete(probe);
    }
  }

  private signal(listening: boolean, payload?: string): void {
    this.generation += 1;
    this.entries.clear();
    this.listening = listening;
    if (payload) this.probes.get(payload)?.();
    // Nothing more can be heard until the listener is back.
    if (!listening) for (const heard of this.probes.values()) heard();
  }

  async close(): Promise<void> {
    this.signal(false);
    await this.subscription?.close();
  }
}
