import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { openEmbedded } from './embedded.js';
import { migrate } from './migrate.js';
import { preparingPool } from './prepared.js';
import { keepsSessions, listenOnOwnConnection, listenOnSoleConnection, type Signal, type Subscription } from './notifications.js';
import type { Database } from './schema.js';

// One data layer for both stores: a `pg` pool (PostgreSQL, or the embedded PGlite behind its
// socket) wrapped by Kysely, migrated before use.

export type Db = Kysely<Database>;

export interface Store {
  kind: 'postgres' | 'embedded';
  db: Db;
  pool: pg.Pool;
  /** Embedded only: a dump of the database, usable as a seed or a backup (db/backup.ts). */
  dump?: (compression?: 'none' | 'gzip') => Promise<Blob>;
  /** LISTEN for a channel's notifications as the listener `name` (db/notifications.ts). */
  listen(channel: string, name: string, signal: Signal): Promise<Subscription>;
  close(): Promise<void>;
}

// Counts and sums come back as JavaScript numbers: int8 values here are counts far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
// Calendar dates stay 'YYYY-MM-DD' strings: they are UTC days, never local times.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export interface StoreOptions {
  /** Embedded only: keep the data in memory instead of DATA_DIR (tests). */
  inMemory?: boolean;
  /** Embedded only: start from this dump (see openEmbedded). */
  seed?: Blob;
  /** false: the caller runs migrate(store.pool) itself (the server, to answer /readyz meanwhile). */
  migrate?: boolean;
}

export async function openStore(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databasePoolSize'> & Partial<Pick<Config, 'databaseDirectUrl'>>, options: StoreOptions = {}): Promise<Store> {
  let pool: pg.Pool;
  let closeDriver: () => Promise<void>;
  let kind: Store['kind'];
  let dump: Store['dump'];
  let listen: Store['listen'];
  let namedStatements = async () => true;
  if (config.databaseUrl) {
    const { databaseUrl } = config;
    kind = 'postgres';
    pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.databasePoolSize });
    // An idle connection the server drops (restart, failover) must not crash the process: the
    // pool discards it and opens a new one on the next query.
    pool.on('error', (error) => process.emitWarning(`idle PostgreSQL connection lost: ${error.message}`));
    closeDriver = () => pool.end();
    // Behind a transaction pooler (docs/deployment.md "Behind PgBouncer") a statement prepared on
    // one server connection is unknown to the next: statements stay unnamed. Found out before the
    // first query, not here: the server answers /healthz (and /readyz 503) while the database
    // cannot be reached, and a failed check is made again. LISTEN needs a session: it goes to
    // DATABASE_DIRECT_URL when set.
    let sessionsKept: Promise<boolean> | undefined;
    namedStatements = () =>
      (sessionsKept ??= keepsSessions(databaseUrl).catch((error: unknown) => {
        sessionsKept = undefined;
        throw error;
      }));
    const sessionUrl = config.databaseDirectUrl ?? config.databaseUrl;
    listen = (channel, name, signal) => listenOnOwnConnection(sessionUrl, channel, name, signal);
  } else {
    kind = 'embedded';
    const embedded = await openEmbedded(options.inMemory ? undefined : config.dataDir, options.seed);
    pool = embedded.pool;
    closeDriver = embedded.close;
    dump = embedded.dump;
    listen = (channel, name, signal) => listenOnSoleConnection(pool, channel, name, signal);
  }
  try {
    if (options.migrate !== false) await migrate(pool);
  } catch (error) {
    await closeDriver();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool, namedStatements) }) });
  return {
    kind,
    db,
    pool,
    ...(dump ? { dump } : {}),
    listen,
    // Kysely's destroy() ends the pool; the embedded store then checkpoints and closes itself.
    close: () => closeDriver(),
  };
}

/** Writes a migrated, empty embedded database as a dump (the build's seed, the tests' seed). */
export async function writeEmbeddedSeed(path: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'quarterdeck-seed-'));
  const store = await openStore({ databaseUrl: undefined, dataDir: dir, databasePoolSize: 1 }, { inMemory: true });
  try {
    await writeFile(path, Buffer.from(await (await store.dump!()).arrayBuffer()));
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}
