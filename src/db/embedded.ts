import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { lockDataDir, type DataDirLock } from './datadir-lock.js';

// The embedded store: PGlite behind its wire-protocol socket server, reached through the same
// `pg` driver as PostgreSQL, so both stores share one dialect, one type parser and one set of
// queries. PGlite runs one connection at a time, hence a pool of exactly one: transactions stay
// isolated and queries simply queue.

export interface EmbeddedDatabase {
  pool: pg.Pool;
  /** A dump of the whole database, loadable as a seed. */
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * dataDir undefined: an in-memory database (tests). `seed`: a dump (PGlite's dumpDataDir) to start
 * from, which skips initdb — tests start from one migrated dump instead of migrating each time.
 */
export async function openEmbedded(dataDir: string | undefined, seed?: Blob): Promise<EmbeddedDatabase> {
  let lock: DataDirLock | undefined;
  if (dataDir) lock = await lockDataDir(dataDir);
  const pglite = await PGlite.create(dataDir ? join(resolve(dataDir), 'pgdata') : 'memory://', seed ? { loadDataDir: seed } : {});
  // A private directory keeps the unauthenticated socket away from other local users.
  const socketDir = await mkdtemp(join(tmpdir(), 'quarterdeck-pg-'));
  const server = new PGLiteSocketServer({ db: pglite, path: join(socketDir, '.s.PGSQL.5432') });
  await server.start();
  const pool = new pg.Pool({ host: socketDir, port: 5432, user: 'postgres', database: 'postgres', max: 1 });
  return {
    pool,
    dump: () => pglite.dumpDataDir('none'),
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
