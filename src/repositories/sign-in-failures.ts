import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { SIGN_IN_WINDOW_MS } from '../domain/console-auth.js';

// Sign-in attempts counted per scope ("account:<e-mail>", "address:<ip>") in fixed windows, in
// the database so that every replica enforces the same limit. An attempt is counted before its
// password is checked, in the statement that reads the count, so a burst of concurrent guesses
// cannot all pass a check made before any of them is recorded; a successful sign-in takes its
// attempt back (docs/console-auth.md "Signing in").

export interface AttemptLimit {
  scope: string;
  max: number;
}

/**
 * Counts one attempt in each scope (a scope whose window has passed starts a new one) and
 * answers the seconds until the first scope over its limit opens again, or undefined when the
 * attempt may be checked. Ended windows are swept here, so the table holds only the last 15 minutes.
 */
export async function countAttempt(db: Db, limits: readonly AttemptLimit[], now = new Date()): Promise<number | undefined> {
  const windowFloor = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const scopes = limits.map((limit) => limit.scope).sort();
  await db.deleteFrom('sign_in_failures').where('window_start', '<=', windowFloor).where('scope', 'not in', scopes).execute();
  const rows = await db
    .insertInto('sign_in_failures')
    .values(scopes.map((scope) => ({ scope, failures: 1, window_start: now })))
    .onConflict((oc) =>
      oc.column('scope').doUpdateSet({
        failures: sql<number>`CASE WHEN sign_in_failures.window_start <= ${windowFloor} THEN 1 ELSE sign_in_failures.failures + 1 END`,
        window_start: sql<Date>`CASE WHEN sign_in_failures.window_start <= ${windowFloor} THEN ${now} ELSE sign_in_failures.window_start END`,
      }),
    )
    .returning(['scope', 'failures', 'window_start'])
    .execute();
  let waitMs: number | undefined;
  for (const row of rows) {
    const limit = limits.find((candidate) => candidate.scope === row.scope);
    if (!limit || row.failures <= limit.max) continue;
    waitMs = Math.max(waitMs ?? 0, row.window_start.getTime() + SIGN_IN_WINDOW_MS - now.getTime());
  }
  return waitMs === undefined ? undefined : Math.max(1, Math.ceil(waitMs / 1000));
}

/** A sign-in succeeded: the account's count starts again and the address gets its attempt back. */
export async function attemptSucceeded(db: Db, accountScope: string, addressScope: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('scope', '=', accountScope).execute();
  await db.updateTable('sign_in_failures').set({ failures: sql<number>`greatest(failures - 1, 0)` }).where('scope', '=', addressScope).execute();
}
