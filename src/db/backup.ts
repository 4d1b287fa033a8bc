import { PGlite } from '@electric-sql/pglite';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { lockDataDir } from './datadir-lock.js';
import { ensurePrivateDir } from './private-dir.js';
import type { Store } from './store.js';

// A backup of the embedded store (docs/operations.md): one line naming the format, one line of
// JSON (when it was taken, the migrations it holds and, when DATA_DIR keeps it, the settings
// secret key), then PGlite's own dump of its data directory (dumpDataDir, a gzip tar). PGlite
// takes that dump between two queries, so it is one consistent state of the database; a
// transaction open at that moment is rolled back when the dump is loaded, as after a crash.

const MAGIC = 'quarterdeck-embedded-backup 1\n';

export interface BackupHeader {
  createdAt: string;
  /** schema_migrations of the dumped database, in order. */
  migrations: string[];
  /** DATA_DIR/secret-key (base64url) when the server keeps its settings key there. */
  secretKey?: string;
}

/** A file that is not a backup, or a restore that would overwrite something. */
export class BackupError extends Error {}

export function encodeBackup(header: BackupHeader, dump: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(MAGIC), Buffer.from(`${JSON.stringify(header)}\n`), dump]);
}

export function decodeBackup(bytes: Buffer): { header: BackupHeader; dump: Blob } {
  if (!bytes.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC))) throw new BackupError('not a Quarterdeck embedded-store backup (it does not start with its format line)');
  const end = bytes.indexOf(0x0a, MAGIC.length);
  let header: BackupHeader;
  try {
    header = JSON.parse(bytes.subarray(MAGIC.length, end).toString('utf8')) as BackupHeader;
  } catch {
    throw new BackupError('the backup\'s header is not JSON: the file is damaged');
  }
  if (end < 0 || !Array.isArray(header.migrations) || typeof header.createdAt !== 'string') throw new BackupError('the backup\'s header is incomplete: the file is damaged');
  return { header, dump: new Blob([bytes.subarray(end + 1)], { type: 'application/x-gzip' }) };
}

/** The settings key the embedded server generated into DATA_DIR, if it did. */
export async function dataDirSecretKey(dataDir: string): Promise<string | undefined> {
  return (await readFile(join(dataDir, 'secret-key'), 'utf8').catch(() => ''))?.trim() || undefined;
}

/**
 * Loads a backup into DATA_DIR, which must hold no database: the server must be stopped (the
 * DATA_DIR lock says so otherwise), and an existing database is moved away by the operator, never
 * overwritten. The secret key comes back with it; an existing, different one is refused.
 */
export async function restoreEmbeddedBackup(dataDir: string, bytes: Buffer): Promise<BackupHeader> {
  const { header, dump } = decodeBackup(bytes);
  const lock = await lockDataDir(dataDir);
  const pgdata = join(resolve(dataDir), 'pgdata');
  try {
    if (existsSync(pgdata)) throw new BackupError(`${pgdata} already holds a database: move it away (or delete it) first; restore never overwrites one`);
    const existingKey = await dataDirSecretKey(dataDir);
    if (header.secretKey && existingKey && existingKey !== header.secretKey) {
      throw new BackupError(`${join(dataDir, 'secret-key')} holds another key than the backup's: settings secrets would be unreadable; move it away first`);
    }
    try {
      const pglite = await PGlite.create(pgdata, { loadDataDir: dump });
      try {
        const { rows } = await pglite.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
        if (rows.length !== header.migrations.length) throw new BackupError('the restored database does not hold the migrations its header lists: the file is damaged');
        await pglite.query('CHECKPOINT');
      } finally {
        await pglite.close();
      }
    } catch (error) {
      await rm(pgdata, { recursive: true, force: true });
      if (error instanceof BackupError) throw error;
      throw new BackupError(`the backup could not be loaded: ${(error as Error).message}`);
    }
    if (header.secretKey && !existingKey) await writeFile(join(dataDir, 'secret-key'), `${header.secretKey}\n`, { mode: 0o600 });
    await ensurePrivateDir(dataDir);
    return header;
  } finally {
    await lock.release();
  }
}

/** A backup of the running embedded store, taken while it keeps serving (POST /admin/v1/backup). */
export async function takeEmbeddedBackup(store: Store, secretKeyDir: string | undefined): Promise<Buffer> {
  if (!store.dump) throw new Error('only the embedded store is backed up by the server');
  const migrations = (await store.pool.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map((row) => row.name);
  const secretKey = secretKeyDir ? await dataDirSecretKey(secretKeyDir) : undefined;
  const dump = new Uint8Array(await (await store.dump('gzip')).arrayBuffer());
  return encodeBackup({ createdAt: new Date().toISOString(), migrations, ...(secretKey ? { secretKey } : {}) }, dump);
}
