import { sql } from 'kysely';
import type { Db } from '../db/store.js';

// A background job's lease among replicas (migrations/0058 job_leases): the replica that takes it
// runs the job's pass; the others skip theirs until it lapses, so a dead holder's lapses on its own.

/**
 * Takes the job's lease for `holder` until `until`, when it is free, lapsed, or already this
 * holder's. Answers whether the holder has it.
 */
export async function takeLease(db: Db, name: string, holder: string, now: Date, until: Date): Promise<boolean> {
  const { rows } = await sql<{ name: string }>`
    INSERT INTO job_leases (name, holder, lease_until) VALUES (${name}, ${holder}, ${until})
    ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, lease_until = excluded.lease_until
      WHERE job_leases.lease_until <= ${now} OR job_leases.holder = excluded.holder
    RETURNING name`.execute(db);
  return rows.length === 1;
}
