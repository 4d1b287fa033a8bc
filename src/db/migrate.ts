import { readdir, readFile } from 'node:fs/promises';
import type pg from 'pg';

// Ordered SQL migrations from migrations/, applied at start. Each is applied in a transaction of
// its own that holds a transaction-level advisory lock: several replicas can start at once (one
// applies, the others wait and then find nothing left to do), and no session state is needed, so
// migrations run through a transaction pooler too (docs/deployment.md "Behind PgBouncer").

const MIGRATIONS_DIR = new URL('../../migrations/', import.meta.url);
const MIGRATION_LOCK_ID = 8_115_001;

export async function migrate(pool: pg.Pool): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    for (;;) {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
        await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
          name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
        const done = new Set((await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
        const file = files.find((f) => !done.has(f));
        if (!file) {
          await client.query('COMMIT');
          return applied;
        }
        const sql = await readFile(new URL(file, MIGRATIONS_DIR), 'utf8');
        await client.query(sql).catch((error: Error) => {
          throw new Error(`migration ${file} failed: ${error.message}`);
        });
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
        await client.query('COMMIT');
        applied.push(file);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    }
  } finally {
    client.release();
  }
}
