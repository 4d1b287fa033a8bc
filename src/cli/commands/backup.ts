import { open, readFile, rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError, type Command } from '../command.js';
import { URL_OPTION } from '../connection.js';
import { ADMIN_TOKEN_OPTION, adminConnection, EXIT } from './api-command.js';

// `quarterdeck backup FILE` asks the running server for a backup of its embedded store (it keeps
// serving meanwhile) and writes it to FILE; `quarterdeck restore FILE` loads one into DATA_DIR
// while no server runs there. PostgreSQL is backed up with its own tools (docs/operations.md).

export const backup: Command = {
  name: ['backup'],
  usage: 'FILE [--url URL] [--admin-token TOKEN]',
  summary: 'Back up the running server\'s embedded store into FILE (the server keeps serving)',
  options: { url: URL_OPTION, 'admin-token': ADMIN_TOKEN_OPTION },
  positionals: { min: 1, max: 1 },
  async run(args, io) {
    const { url, token } = adminConnection(args.values, io.env);
    const target = resolve(io.cwd, args.positionals[0]!);
    let response: Response;
    try {
      response = await fetch(new URL('/admin/v1/backup', url), { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      io.stderr(`quarterdeck backup: could not reach the server at ${url}: ${cause?.code ?? (error as Error).message} (set QUARTERDECK_URL or pass --url)\n`);
      return EXIT.unreachable;
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { title?: string; detail?: string };
      io.stderr(`quarterdeck backup: ${response.status} ${body.title ?? ''}: ${body.detail ?? ''}\n`);
      return response.status === 401 || response.status === 403 ? EXIT.auth : response.status >= 500 ? EXIT.server : EXIT.rejected;
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    // The backup holds the store's keys: written 0600, and under its name only once complete.
    const partial = `${target}.partial`;
    const file = await open(partial, 'w', 0o600);
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(partial, target).catch(async (error: Error) => {
      await rm(partial, { force: true });
      throw error;
    });
    io.stderr(`backup written to ${target} (${bytes.length} bytes)\n`);
    return EXIT.ok;
  },
};

export const restore: Command = {
  name: ['restore'],
  usage: 'FILE [--data-dir DIR]',
  summary: 'Load a backup into an embedded store\'s DATA_DIR (no server may run on it; it must hold no database)',
  options: { 'data-dir': { type: 'string', description: 'The data directory (env DATA_DIR, default ./data)' } },
  positionals: { min: 1, max: 1 },
  async run(args, io) {
    if (io.env.DATABASE_URL) throw new UsageError('DATABASE_URL is set: a PostgreSQL database is restored with pg_restore or its point-in-time recovery (docs/operations.md)');
    const dataDir = resolve(io.cwd, (args.values['data-dir'] as string | undefined) ?? io.env.DATA_DIR ?? './data');
    const bytes = await readFile(resolve(io.cwd, args.positionals[0]!)).catch((error: Error) => {
      throw new UsageError(`cannot read ${args.positionals[0]}: ${error.message}`);
    });
    // Loaded here: the other commands start faster without PGlite.
    const { BackupError, restoreEmbeddedBackup } = await import('../../db/backup.js');
    const { DataDirLockedError } = await import('../../db/datadir-lock.js');
    try {
      const header = await restoreEmbeddedBackup(dataDir, bytes);
      io.stderr(`restored the backup of ${header.createdAt} (${header.migrations.length} migrations) into ${dataDir}; start the server on it (missing migrations are applied then)\n`);
      return EXIT.ok;
    } catch (error) {
      if (!(error instanceof BackupError || error instanceof DataDirLockedError)) throw error;
      io.stderr(`quarterdeck restore: ${error.message}\n`);
      return EXIT.rejected;
    }
  },
};
