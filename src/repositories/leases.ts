import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/store.js';

// Leased attempts, shared by the webhook and mail deliveries: a replica counts an attempt and
// holds the row until its lease ends, so no other replica makes the same attempt meanwhile.

export interface LeaseRequest {
  now: Date;
  leaseUntil: Date;
  limit: number;
  /** A further condition on the row `d`, e.g. that its endpoint is enabled. */
  alsoWhere?: RawBuilder<unknown>;
}

/**
 * Takes up to `limit` due rows (pending, due by `now`, not leased or their lease lapsed, soonest
 * first; rows other replicas hold are skipped), counts one more attempt of each and leases it
 * until `leaseUntil`, in one statement. Answers each leased row's attempt number.
 */
export async function leaseDue(db: Db, table: 'webhook_deliveries' | 'mail_deliveries', request: LeaseRequest): Promise<Map<string, number>> {
  const { now, leaseUntil, limit, alsoWhere } = request;
  const { rows } = await sql<{ id: string; attempts: number }>`
    UPDATE ${sql.table(table)} SET attempts = attempts + 1, lease_until = ${leaseUntil}
    WHERE id IN (
      SELECT d.id FROM ${sql.table(table)} d
      WHERE d.status = 'pending' AND d.next_attempt_at <= ${now} AND (d.lease_until IS NULL OR d.lease_until <= ${now}) ${alsoWhere ? sql`AND ${alsoWhere}` : sql``}
      ORDER BY d.next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, attempts`.execute(db);
  return new Map(rows.map((row) => [row.id, row.attempts]));
}
