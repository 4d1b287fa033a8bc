import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { BUILT_SEED_PATH } from '../../src/db/embedded.js';
import { ensureBuilt } from './built-console.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty embedded database (the build's seed); each test file starts from it. */
    embeddedSeedPath: string;
  }
}

// Once per run, before any file: the product built as it ships (the CLI, server processes and the
// browser tests run it), which includes the migrated embedded database that in-memory test stores
// start from, so no file runs initdb or the migrations. With TEST_DATABASE_URL (CI), the
// PostgreSQL server (and with TEST_POOLER_URL, the pooler) must answer before any test runs: fail
// loudly instead of skipping.
export default async function globalSetup(project: TestProject): Promise<void> {
  ensureBuilt();
  project.provide('embeddedSeedPath', BUILT_SEED_PATH);
  if (!process.env.TEST_DATABASE_URL) return;
  await mustAnswer('TEST_DATABASE_URL', process.env.TEST_DATABASE_URL);
  // The pass through PgBouncer (docs/testing.md): the servers' DATABASE_URL leads through it.
  if (process.env.TEST_POOLER_URL) await mustAnswer('TEST_POOLER_URL', process.env.TEST_POOLER_URL);
}

async function mustAnswer(name: string, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new Error(`${name} ${url} is not reachable: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
