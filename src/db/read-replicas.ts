import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { preparingPool, type ConnectingPool } from './prepared.js';
import type { Config } from '../config.js';
import type { Database } from './schema.js';
import type { Signal, Subscription } from './notifications.js';
import type { Store } from './store.js';

// Analytics reads on streaming replicas (DATABASE_READ_URL, docs/read-replicas.md). The analytics
// endpoints read the rollup tables, which only the rollup writes; a replica answers a read exactly
// as the primary would once it has replayed the last rollup commit this process knows of (the
// fence): every rollup commit sends a notification on ROLLUP_CHANNEL (analytics/rollup.ts), and
// each process, hearing it, takes the primary's WAL insert position, which is past that commit.
// A replica that has not replayed that far, lags more than DATABASE_READ_MAX_LAG_SECONDS, is not
// a standby or does not answer is passed over: the read goes to the primary.

/** The channel every rollup commit notifies (its payload is empty). */
export const ROLLUP_CHANNEL = 'quarterdeck_rollup';

/** How long a replica may take to answer its health check or a connection. */
const REPLICA_TIMEOUT_MS = 3_000;

export interface ReadReplicaSettings {
  urls: readonly string[];
  maxLagSeconds: number;
  checkIntervalMs: number;
  poolSize: number;
}

/**
 * SQLSTATEs by which a replica fails a read that the primary would answer: the connection's
 * classes (08: it failed or was refused), the server shutting down or not accepting connections
 * yet (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now), and a standby
 * cancelling the read to replay WAL (40001 "conflict with recovery"; 40P01 when replay waited on
 * the read's locks: a read-only query deadlocks with nothing else).
 */
const REPLICA_FAULTS = /^(08...|57P0[123]|40001|40P01)$/;
const RECOVERY_CONFLICTS = /^40(001|P01)$/;
/** The errors of a connection lost or never made, which the driver names by their system call's code. */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN']);

/**
 * Whether a read failed through its replica's fault, not its own: a query error (a bad value, a
 * missing column, a parser's complaint) would fail on the primary too, and is the read's answer.
 */
function isReplicaFault(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return REPLICA_FAULTS.test(error.code ?? '');
  if (!(error instanceof Error)) return false;
  const { code } = error as NodeJS.ErrnoException;
  // The driver's own errors for a connection that ended under a query, or was already unusable, carry no code.
  return (code !== undefined && CONNECTION_ERRNOS.has(code)) || /^Connection terminated|is not queryable/.test(error.message);
}

/** What /readyz and /metrics say of one replica. */
export interface ReplicaState {
  /** host:port/database, without credentials. */
  name: string;
  inUse: boolean;
  /** Seconds of WAL the primary had written that the replica has not replayed; null when unknown (unreachable). */
  lagSeconds: number | null;
  /** Why it is not in use. */
  problem?: string;
}

interface Replica {
  name: string;
  /** The reads' connections. */
  pool: pg.Pool;
  /** The health checks' and replay positions' own: a replica busy with reads is not mistaken for one that does not answer. */
  checks: pg.Pool;
  /** The replay position last read from it. */
  replayed: bigint | undefined;
  lagSeconds: number | null;
  /** undefined while healthy. */
  problem: string | undefined;
}

/** An LSN ('16/B374D848') as a number. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** A connection string's host:port/database: a replica's name in logs, /readyz and metrics. */
export function replicaName(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname || '/'}`;
}

/** `promise`, or a rejection once REPLICA_TIMEOUT_MS have passed (a replica that hangs). */
async function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${REPLICA_TIMEOUT_MS} ms`)), REPLICA_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export class ReadReplicas {
  /** Where analytics reads connect: a caught-up replica in use, in turn, else the primary. */
  readonly pool: ConnectingPool;
  /** Kysely over `pool`. */
  readonly db: Kysely<Database>;
  /**
   * Reads started on a replica and on the primary, since start, and of those on the primary the
   * ones a replica had failed first (`retried`: counted in `primary` too).
   */
  readonly reads = { replica: 0, primary: 0, retried: 0 };
  /** The replica each connection handed out for a read is of (the primary's are not in it). */
  private readonly handedOut = new WeakMap<pg.PoolClient, Replica>();
  private readonly replicas: Replica[];
  /** The primary's WAL positions at each health check: what a replica's lag is measured against. */
  private samples: { at: number; lsn: bigint }[] = [];
  private fence = 0n;
  /** Whether the fence is known: the listener listens and the fence was taken since it (re)started. */
  private fenceKnown = false;
  private listenerEpoch = 0;
  private listening = false;
  private fenceTaking: Promise<void> | undefined;
  private fenceTakenAgain = false;
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private subscription: Subscription | undefined;

  private constructor(
    private readonly primary: pg.Pool,
    private readonly settings: ReadReplicaSettings,
  ) {
    this.replicas = settings.urls.map((url) => {
      const poolOf = (max: number) => {
        const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: REPLICA_TIMEOUT_MS });
        // A replica that goes away must not crash the process: its idle connections are dropped
        // (the next check or read takes it out), and a connection lost under a read fails that
        // read, which answers for it (replacement): the connection's error event, which nothing
        // else hears while the connection is handed out, is dropped.
        pool.on('error', () => undefined);
        pool.on('connect', (client) => client.on('error', () => undefined));
        return pool;
      };
      return { name: replicaName(url), pool: poolOf(settings.poolSize), checks: poolOf(2), replayed: undefined, lagSeconds: null, problem: 'not checked yet' };
    });
    this.pool = { connect: () => this.connect(), end: () => this.close(), replacement: (client, error) => this.replacement(client, error) };
    // Unnamed statements: a read may land on the primary, which can sit behind a transaction
    // pooler where a named statement prepared on one server connection is unknown to the next.
    this.db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(this.pool, async () => false) }) });
  }

  /**
   * Starts listening for rollup commits (through `listen`, the store's) and checks the replicas
   * once before answering; then every checkIntervalMs. A replica down at start is simply not used.
   */
  static async open(primary: pg.Pool, listen: (channel: string, name: string, signal: Signal) => Promise<Subscription>, settings: ReadReplicaSettings): Promise<ReadReplicas> {
    const replicas = new ReadReplicas(primary, settings);
    replicas.subscription = await listen(ROLLUP_CHANNEL, randomUUID(), replicas.heard);
    await replicas.check();
    replicas.timer = setInterval(() => void replicas.check(), settings.checkIntervalMs);
    replicas.timer.unref();
    return replicas;
  }

  /** Each replica's state. */
  states(): ReplicaState[] {
    return this.replicas.map(({ name, problem, lagSeconds }) => ({ name, inUse: problem === undefined, lagSeconds, ...(problem === undefined ? {} : { problem }) }));
  }

  /**
   * Takes the fence now: called after this process's own rollups (POST /admin/v1/rollups/run), so
   * that a read right after them never waits on the notification's delivery.
   */
  async rolledUp(): Promise<void> {
    this.raiseFence(await this.primaryPosition('pg_current_wal_insert_lsn()'));
  }

  /** Checks every replica now (and measures the primary's position); one check at a time. */
  check(): Promise<void> {
    this.checking ??= this.checkAll().finally(() => (this.checking = undefined));
    return this.checking;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.checking;
    await this.subscription?.close();
    await Promise.all(this.replicas.flatMap((replica) => [replica.pool.end(), replica.checks.end()]));
  }

  private readonly heard: Signal = (listening) => {
    this.listening = listening;
    if (!listening) {
      // Commits may go unheard: no replica is trusted until the fence is taken again.
      this.fenceKnown = false;
      this.listenerEpoch += 1;
      return;
    }
    this.takeFence();
  };

  /**
   * Takes the primary's insert position as the fence. One query at a time: a notification heard
   * while one runs (a backfill commits day after day) takes it once more after it, since the
   * running one may have read the position before that commit.
   */
  private takeFence(): void {
    if (this.fenceTaking) {
      this.fenceTakenAgain = true;
      return;
    }
    const epoch = this.listenerEpoch;
    this.fenceTaking = this.primaryPosition('pg_current_wal_insert_lsn()')
      .then(
        (position) => {
          this.raiseFence(position);
          if (epoch === this.listenerEpoch) this.fenceKnown = true;
        },
        // A commit heard but not fenced: no replica is trusted until a check takes the fence.
        () => {
          this.fenceKnown = false;
        },
      )
      .finally(() => {
        this.fenceTaking = undefined;
        if (!this.fenceTakenAgain) return;
        this.fenceTakenAgain = false;
        this.takeFence();
      });
  }

  private raiseFence(position: bigint): void {
    if (position > this.fence) this.fence = position;
  }

  private async primaryPosition(position: 'pg_current_wal_insert_lsn()' | 'pg_current_wal_lsn()'): Promise<bigint> {
    const result = await this.primary.query<{ lsn: string }>(`SELECT ${position}::text AS lsn`);
    return lsnValue(result.rows[0]!.lsn);
  }

  private async checkAll(): Promise<void> {
    if (this.listening && !this.fenceKnown) this.takeFence();
    try {
      const now = Date.now();
      this.samples.push({ at: now, lsn: await this.primaryPosition('pg_current_wal_lsn()') });
      // Older samples than the longest lag allowed (and a check) say nothing more.
      const keepAfter = now - this.settings.maxLagSeconds * 1000 - 2 * this.settings.checkIntervalMs;
      while (this.samples.length > 1 && this.samples[0]!.at < keepAfter) this.samples.shift();
    } catch {
      // The primary does not answer: the lag cannot be measured; the replicas keep their states.
      return;
    }
    await Promise.all(this.replicas.map((replica) => this.checkReplica(replica)));
  }

  private async checkReplica(replica: Replica): Promise<void> {
    let standby: boolean;
    try {
      const result = await withTimeout(
        replica.checks.query<{ standby: boolean; replayed: string | null }>('SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed'),
        'the health check',
      );
      standby = result.rows[0]!.standby;
      replica.replayed = result.rows[0]!.replayed === null ? undefined : lsnValue(result.rows[0]!.replayed);
    } catch (error) {
      return this.takeOut(replica, error);
    }
    if (!standby || replica.replayed === undefined) {
      replica.lagSeconds = null;
      replica.problem = 'not a standby: pg_is_in_recovery() is false';
      return;
    }
    replica.lagSeconds = this.lagOf(replica.replayed);
    replica.problem =
      replica.lagSeconds > this.settings.maxLagSeconds ? `lagging: ${replica.lagSeconds.toFixed(1)} s behind the primary (DATABASE_READ_MAX_LAG_SECONDS is ${this.settings.maxLagSeconds})` : undefined;
  }

  /** Since when the primary had written WAL the replica has not replayed (0: it has replayed all it was seen to write). */
  private lagOf(replayed: bigint): number {
    const behind = this.samples.find((sample) => sample.lsn > replayed);
    return behind ? (Date.now() - behind.at) / 1000 : 0;
  }

  private takeOut(replica: Replica, error: unknown): void {
    replica.lagSeconds = null;
    const message = error instanceof Error ? error.message : String(error);
    replica.problem = error instanceof pg.DatabaseError && RECOVERY_CONFLICTS.test(error.code ?? '') ? `cancels reads to replay: ${message}` : `unreachable: ${message}`;
  }

  /** Whether `replica` has replayed past the fence, asking it again if its last known position is short. */
  private async caughtUp(replica: Replica): Promise<boolean> {
    if (!this.fenceKnown) return false;
    if (replica.replayed !== undefined && replica.replayed >= this.fence) return true;
    const result = await withTimeout(replica.checks.query<{ replayed: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS replayed'), 'reading the replay position');
    const replayed = result.rows[0]!.replayed;
    if (replayed === null) return false;
    replica.replayed = lsnValue(replayed);
    return replica.replayed >= this.fence;
  }

  private async connect(): Promise<pg.PoolClient> {
    const healthy = this.replicas.filter((replica) => replica.problem === undefined);
    const start = this.next++;
    for (let i = 0; i < healthy.length; i++) {
      const replica = healthy[(start + i) % healthy.length]!;
      try {
        if (!(await this.caughtUp(replica))) continue;
        const client = await replica.pool.connect();
        this.handedOut.set(client, replica);
        this.reads.replica += 1;
        return client;
      } catch (error) {
        // Gone since its last check: out until a check finds it again; this read goes elsewhere.
        this.takeOut(replica, error);
      }
    }
    this.reads.primary += 1;
    return this.primary.connect();
  }

  /**
   * A read on `client` failed: when it was on a replica, through the replica's fault
   * (isReplicaFault), the replica is taken out at once, as a check finding it unreachable would
   * (a check finding it healthy puts it back), and the read runs again on the primary, whose
   * answer is the one a replica caught up with the fence gives. Once per connection: a read
   * the primary fails too is not run a third time.
   */
  private async replacement(client: pg.PoolClient, error: unknown): Promise<pg.PoolClient | undefined> {
    const replica = this.handedOut.get(client);
    if (!replica || !isReplicaFault(error)) return undefined;
    this.handedOut.delete(client);
    this.takeOut(replica, error);
    this.reads.primary += 1;
    this.reads.retried += 1;
    return this.primary.connect();
  }
}

/** The read replicas DATABASE_READ_URL names (PostgreSQL only: the configuration refuses them without DATABASE_URL); undefined without. */
export async function openReadReplicas(
  config: Pick<Config, 'databaseReadUrls' | 'databaseReadMaxLagSeconds' | 'databaseReadCheckIntervalMs' | 'databasePoolSize'>,
  store: Pick<Store, 'kind' | 'pool' | 'listen'>,
): Promise<ReadReplicas | undefined> {
  if (config.databaseReadUrls.length === 0 || store.kind !== 'postgres') return undefined;
  return ReadReplicas.open(store.pool, store.listen, {
    urls: config.databaseReadUrls,
    maxLagSeconds: config.databaseReadMaxLagSeconds,
    checkIntervalMs: config.databaseReadCheckIntervalMs,
    poolSize: config.databasePoolSize,
  });
}
