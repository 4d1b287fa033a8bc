import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

// Where a benchmark run keeps its data: a scratch database on the given PostgreSQL server, or a
// temporary data directory for the embedded store. Both are removed at the end of the run.

export interface ScratchStore {
  /** DATABASE_URL and DATA_DIR for the server's configuration. */
  env: { DATABASE_URL: string; DATA_DIR: string };
  label: string;
  remove(): Promise<void>;
}

export async function scratchStore(databaseUrl: string | undefined): Promise<ScratchStore> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quarterdeck-bench-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (!databaseUrl) {
    return { env: { DATABASE_URL: '', DATA_DIR: dataDir }, label: `embedded store (PGlite) in ${dataDir}`, remove: removeDir };
  }
  const name = `quarterdeck_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    label: `PostgreSQL, scratch database ${name} on ${url.host}`,
    async remove() {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await removeDir();
    },
  };
}

/** A database kept by an earlier run (--keep), named by `name` on the server of `databaseUrl`: used as it is and kept. */
export function keptStore(databaseUrl: string, name: string): ScratchStore {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString(), DATA_DIR: '' }, label: `PostgreSQL, kept database ${name} on ${url.host} (reused)`, remove: async () => undefined };
}
