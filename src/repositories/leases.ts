import { sql, type Expression } from 'kysely';
import type { Db } from '../db/store.js';

// Leased attempts, shared by the webhook and mail deliveries: a replica counts an attempt and
// holds the row until its lease ends, so no other replica makes the same attempt meanwhile.

/**
 * Counts one more attempt of each row `due` selects (its ids, locked FOR UPDATE SKIP LOCKED) and
 * leases it until `leaseUntil`, in one statement. Answers each leased row's attempt number.
 */
export async function leaseDue(db: Db, table: 'webhook_deliveries' | 'mail_deliveries', due: Expression<unknown>, leaseUntil: Date): Promise<Map<string, number>> {
  const { rows } = await sql<{ id: string; attempts: number }>`UPDATE ${sql.table(table)} SET attempts = attempts + 1, lease_until = ${leaseUntil} WHERE id IN (${due}) RETURNING id, attempts`.execute(db);
  return new Map(rows.map((row) => [row.id, row.attempts]));
}
