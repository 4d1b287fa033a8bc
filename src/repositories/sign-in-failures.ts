import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { SIGN_IN_WINDOW_MS } from '../domain/console-auth.js';

// Failed sign-ins counted per scope ("account:<e-mail>", "address:<ip>") in fixed windows, in
// the database so that every replica enforces the same limit.

export interface FailureLimit {
  scope: string;
  max: number;
}

/** Seconds until the first exhausted scope opens again, or undefined when none is exhausted. */
export async function lockedForSeconds(db: Db, limits: readonly FailureLimit[], now = new Date()): Promise<number | undefined> {
  const rows = await db
    .selectFrom('sign_in_failures')
    .select(['scope', 'failures', 'window_start'])
    .where('scope', 'in', limits.map((limit) => limit.scope))
    .where('window_start', '>', new Date(now.getTime() - SIGN_IN_WINDOW_MS))
    .execute();
  let waitMs: number | undefined;
  for (const row of rows) {
    const limit = limits.find((candidate) => candidate.scope === row.scope);
    if (!limit || row.failures < limit.max) continue;
    const remaining = row.window_start.getTime() + SIGN_IN_WINDOW_MS - now.getTime();
    waitMs = Math.max(waitMs ?? 0, remaining);
  }
  return waitMs === undefined ? undefined : Math.max(1, Math.ceil(waitMs / 1000));
}

/**
 * Counts one failure in each scope; a scope whose window has passed starts a new one. Scopes whose
 * window has passed are swept here, so the table holds only the last 15 minutes.
 */
export async function recordFailure(db: Db, scopes: readonly string[], now = new Date()): Promise<void> {
  const windowFloor = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  await db.deleteFrom('sign_in_failures').where('window_start', '<=', windowFloor).where('scope', 'not in', [...scopes]).execute();
  for (const scope of [...scopes].sort()) {
    await db
      .insertInto('sign_in_failures')
      .values({ scope, failures: 1, window_start: now })
      .onConflict((oc) =>
        oc.column('scope').doUpdateSet({
          failures: sql<number>`CASE WHEN sign_in_failures.window_start <= ${windowFloor} THEN 1 ELSE sign_in_failures.failures + 1 END`,
          window_start: sql<Date>`CASE WHEN sign_in_failures.window_start <= ${windowFloor} THEN ${now} ELSE sign_in_failures.window_start END`,
        }),
      )
      .execute();
  }
}

export async function clearFailures(db: Db, scope: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('scope', '=', scope).execute();
}
