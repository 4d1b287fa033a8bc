import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { isRunning, lockDataDir, type DataDirLock } from './datadir-lock.js';

// The embedded store: PGlite behind its wire-protocol socket server, reached through the same
// `pg` driver as PostgreSQL, so both stores share one dialect, one type parser and one set of
// queries. PGlite runs one connection at a time, hence a pool of exactly one: transactions stay
// isolated and queries simply queue.

/**
 * A migrated, empty database dumped by `npm run build` (scripts/build-embedded-seed.mjs; the same
 * path from src/ and dist/). A first start loads it instead of running initdb, which takes most
 * of ten seconds on two cores. It holds no secrets: those are generated at start.
 */
export const BUILT_SEED_PATH = fileURLToPath(new URL('../../dist/embedded-seed.tar', import.meta.url));

async function builtSeed(): Promise<Blob | undefined> {
  try {
    return new Blob([await readFile(BUILT_SEED_PATH)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

// Each process's socket lives in its own temporary directory, named after the process id, so a
// later start can tell the directories of processes that died without cleaning up (kill -9).
const SOCKET_DIR_PREFIX = 'quarterdeck-pg-';
const SOCKET_DIR = /^quarterdeck-pg-(\d+)-/;

/** Removes socket directories whose owning process no longer runs; returns how many. */
export async function removeStaleSocketDirs(parent: string = tmpdir()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(parent).catch(() => [] as string[])) {
    const pid = Number(SOCKET_DIR.exec(name)?.[1]);
    if (!pid || pid === process.pid || isRunning(pid)) continue;
    await rm(join(parent, name), { recursive: true, force: true }).then(() => (removed += 1), () => undefined);
  }
  return removed;
}

export interface EmbeddedDatabase {
  pool: pg.Pool;
  /** A dump of the whole database (PGlite's dumpDataDir), loadable as a seed or a backup. */
  dump(compression?: 'none' | 'gzip'): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * dataDir undefined: an in-memory database (tests). `seed`: a dump (PGlite's dumpDataDir) to start
 * from, which skips initdb — tests start from one migrated dump instead of migrating each time. A
 * data directory without a database yet starts from the built seed when there is one.
 */
export async function openEmbedded(dataDir: string | undefined, seed?: Blob): Promise<EmbeddedDatabase> {
  let lock: DataDirLock | undefined;
  if (dataDir) lock = await lockDataDir(dataDir);
  await removeStaleSocketDirs();
  const pgdata = dataDir ? join(resolve(dataDir), 'pgdata') : undefined;
  const start = seed ?? (pgdata && !existsSync(pgdata) ? await builtSeed() : undefined);
  const pglite = await PGlite.create(pgdata ?? 'memory://', start ? { loadDataDir: start } : {});
  // A private directory keeps the unauthenticated socket away from other local users.
  const socketDir = await mkdtemp(join(tmpdir(), `${SOCKET_DIR_PREFIX}${process.pid}-`));
  const server = new PGLiteSocketServer({ db: pglite, path: join(socketDir, '.s.PGSQL.5432') });
  await server.start();
  // The one connection is kept for the pool's life (idleTimeoutMillis 0): the socket server takes
  // one connection at a time and frees the old one's place only after its close is handled, so a
  // connection closed when idle (pg's default: after 10 s) and opened again at once could be
  // refused ("Too many connections", seen as EPIPE) on a busy machine.
  const pool = new pg.Pool({ host: socketDir, port: 5432, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0 });
  return {
    pool,
    dump: (compression = 'none') => pglite.dumpDataDir(compression),
    async close() {
      await pool.end();
      await server.stop();
      await pglite.query('CHECKPOINT');
      await pglite.close();
      await rm(socketDir, { recursive: true, force: true });
      await lock?.release();
    },
  };
}
