import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { dayOf } from '../domain/dates.js';

// Standard Credits used per user and UTC calendar month. Added by the statement that stores the
// telemetry events carrying them (a trigger, migrations/0038), so nothing is counted twice or lost.

/** The first day of the UTC month containing `at`: the counters' key. */
function monthOf(at: Date): string {
  return `${dayOf(at).slice(0, 7)}-01`;
}

export interface CreditsCounted {
  /** false: leave out the credits of events sent with an ingest key (policies.ts). */
  ingestKeyTelemetry: boolean;
}

/** Credits each given user has used in the month containing `at` (0 when none). */
export async function creditsUsed(db: Db, organizationId: string, userIds: readonly string[], at: Date = new Date(), counted: CreditsCounted = { ingestKeyTelemetry: true }): Promise<Map<string, number>> {
  const used = new Map<string, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return used;
  // The difference is taken in the database, in numeric: exact to the micro-credit.
  const credits = counted.ingestKeyTelemetry ? sql<number>`credits` : sql<number>`credits - ingest_key_credits`;
  const rows = await db
    .selectFrom('monthly_credit_usage')
    .select(['user_id', credits.as('credits')])
    .where('organization_id', '=', organizationId)
    .where('month', '=', monthOf(at))
    .where('user_id', 'in', userIds)
    .execute();
  for (const row of rows) used.set(row.user_id, row.credits);
  return used;
}

/** Credits each user of the organization used in the month containing `at`; users without usage are absent. */
export async function creditsUsedByAll(db: Db, organizationId: string, at: Date = new Date()): Promise<Map<string, number>> {
  const rows = await db.selectFrom('monthly_credit_usage').select(['user_id', 'credits']).where('organization_id', '=', organizationId).where('month', '=', monthOf(at)).execute();
  return new Map(rows.map((row) => [row.user_id, row.credits]));
}
