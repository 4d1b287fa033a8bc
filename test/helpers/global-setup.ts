import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { writeEmbeddedSeed } from '../../src/db/store.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database, dumped once per run; each test file starts from it. */
    embeddedSeedPath: string;
  }
}

// With TEST_DATABASE_URL (CI), the PostgreSQL server must answer before any test runs: fail
// loudly instead of skipping. Without it, migrate one embedded database and dump it, so test
// files skip initdb and migrations.
export default async function globalSetup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
    } catch (error) {
      throw new Error(`TEST_DATABASE_URL ${url} is not reachable: ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => undefined);
    }
    return async () => undefined;
  }
  const dir = await mkdtemp(join(tmpdir(), 'quarterdeck-seed-'));
  const seedPath = join(dir, 'seed.tar');
  await writeEmbeddedSeed(seedPath);
  project.provide('embeddedSeedPath', seedPath);
  return () => rm(dir, { recursive: true, force: true });
}
