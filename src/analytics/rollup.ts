import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { ROLLUP_CHANNEL } from '../db/read-replicas.js';
import type { Db } from '../db/store.js';
import { dayOf } from '../domain/dates.js';
import { computeDay } from './compute-day.js';
import { CLAIM_RENEW_MS, claimPendingDays, countPendingDays, releaseOf, renewClaims, type PendingDay } from './pending-days.js';
import { byteOrder } from './order.js';
import { USER_FIGURE_COLUMNS } from './teams.js';

// The daily batch: aggregates each pending organization-day that has ended into the rollup
// tables the analytics endpoints read. The reads run outside any transaction (they scan one
// day); the write of a day's rows and the release of its claim are one short transaction.

const CLAIM_BATCH = 20;

/** What the last rollup of the day wrote, as digests (migrations/0036): its documents', and each user row's. */
async function writtenDigestsOf(db: Db, organizationId: string, day: string): Promise<{ documents: Buffer | null; users: Map<string, Buffer | null> }> {
  const ofTheDay = sql`organization_id = ${organizationId} AND day = ${day}::date`;
  // One round trip: the documents' digest is the row without a user.
  const result = await sql<{ user_id: string | null; digest: Buffer | null }>`
    SELECT NULL AS user_id, digest FROM analytics_daily WHERE ${ofTheDay}
    UNION ALL
    SELECT user_id, digest FROM analytics_user_daily WHERE ${ofTheDay}`.execute(db);
  const documents = result.rows.find((row) => row.user_id === null)?.digest ?? null;
  return { documents, users: new Map(result.rows.flatMap((row) => (row.user_id === null ? [] : [[row.user_id, row.digest] as const]))) };
}

/** SHA-256 of texts none of which holds a line break (JSON's never does), one after another. */
function digestOf(texts: readonly string[]): Buffer {
  const hash = createHash('sha256');
  for (const text of texts) hash.update(text).update('\n');
  return hash.digest();
}

const differs = (digest: Buffer, written: Buffer | null | undefined) => !written?.equals(digest);

/**
 * Changed user rows sent per statement. Their JSON travels as one document, and the driver builds
 * the whole message in one buffer (grown by doubling): all of a 50,000-member day's rows at once
 * were 50 MB of text and as much again in buffers (docs/scaling.md). Parts of 5,000 rows add a
 * round trip per part, negligible against writing the part.
 */
const USER_ROWS_PER_STATEMENT = 5_000;

/**
 * An array of whole numbers as the text of a bigint[] parameter. The driver's own encoding quotes
 * and escapes each element as a string: for the day's 20 figure columns at 50,000 members
 * (660,000 numbers) that was a tenth of the rollup's JavaScript time (docs/scaling.md).
 */
const bigintArray = (values: readonly (number | null)[]) => `{${values.map((value) => value ?? 'NULL').join(',')}}`;

async function rollupDay(db: Db, claimed: PendingDay): Promise<void> {
  const { organizationId, day } = claimed;
  const [rollup, written] = await Promise.all([computeDay(db, organizationId, day), writtenDigestsOf(db, organizationId, day)]);
  // Each column of the day's row (migrations/0003, 0015, 0020, 0061) and its JSON text.
  const documents = Object.entries({
    tokens: rollup.tokens,
    tools: rollup.tools,
    activity: rollup.activity,
    productivity: rollup.productivity,
    tokens_by_agent: rollup.byAgent.tokens,
    tools_by_agent: rollup.byAgent.tools,
    activity_by_agent: rollup.byAgent.activity,
    productivity_by_agent: rollup.byAgent.productivity,
    tokens_by_repository: rollup.byRepository.tokens,
    tools_by_repository: rollup.byRepository.tools,
    activity_by_repository: rollup.byRepository.activity,
    productivity_by_repository: rollup.byRepository.productivity,
    repository_members: rollup.repositoryMembers,
    tools_by_tool_source: rollup.toolsByToolSource,
    model_latency: rollup.modelLatency,
  }).map(([column, document]) => ({ column: sql.ref(column), text: JSON.stringify(document) }));
  const documentsDigest = digestOf(documents.map(({ text }) => text));
  const userIds = rollup.users.map((row) => row.user_id);
  const { columns: userFigures, unpricedModels } = rollup.userFigures;
  // Each user's row and figures as written, and its digest; only the changed ones are sent.
  const userRows = rollup.users.map((row, index) => {
    const text = JSON.stringify(row);
    const digest = digestOf([text, JSON.stringify(USER_FIGURE_COLUMNS.map((column) => userFigures[column][index])), unpricedModels[index]!]);
    return { index, userId: row.user_id, text, digest };
  });
  const changed = userRows.filter(({ userId, digest }) => differs(digest, written.users.get(userId)));
  const figures = [...USER_FIGURE_COLUMNS, 'unpriced_models', 'digest'].map((column) => sql.ref(column));
  const userRowsOf = (part: typeof changed) => sql`
      INSERT INTO analytics_user_daily (organization_id, user_id, day, row, ${sql.join(figures)})
      SELECT ${organizationId}, user_id, ${day}::date, users.row, ${sql.join(figures)}
      FROM ROWS FROM (
        unnest(${part.map(({ userId }) => userId)}::text[]),
        ${sql.join(USER_FIGURE_COLUMNS.map((column) => sql`unnest(${bigintArray(part.map(({ index }) => userFigures[column][index] ?? null))}::bigint[])`))},
        unnest(${part.map(({ index }) => unpricedModels[index]!)}::jsonb[]),
        unnest(${part.map(({ digest }) => digest)}::bytea[]),
        json_array_elements(${`[${part.map(({ text }) => text).join(',')}]`}::json)
      ) AS users (user_id, ${sql.join(figures)}, row)
      ON CONFLICT (organization_id, user_id, day) DO UPDATE SET row = excluded.row, ${sql.join(figures.map((column) => sql`${column} = excluded.${column}`))}
        WHERE analytics_user_daily.digest IS DISTINCT FROM excluded.digest`;
  // The changed rows in parts of USER_ROWS_PER_STATEMENT, the last one in the day's statement.
  const parts: (typeof changed)[] = [];
  for (let start = 0; start < changed.length; start += USER_ROWS_PER_STATEMENT) parts.push(changed.slice(start, start + USER_ROWS_PER_STATEMENT));
  const lastPart = parts.pop() ?? [];
  const modelIds = rollup.tokens.by_model.map((usage) => usage.model_id).sort(byteOrder);
  // The day's rows and its release in one statement, so one round trip and one transaction (each
  // part touches rows of its own; round trips are much of a day's cost: docs/performance.md).
  // More changed user rows than USER_ROWS_PER_STATEMENT go first in statements of their own, in
  // the same transaction.
  // - The rollup's rows are derived, and the day's pending mark goes in the same commit: if a
  //   crash of PostgreSQL loses this commit, the day is still pending and is computed again. So
  //   the commit does not wait for its WAL to reach the disk (set_config's `true`: for this
  //   statement's transaction only; docs/analytics.md "Daily batch").
  // - A day computed again is mostly the same (a late event marks the 29 days after its own for
  //   their windows, whose other rows do not change): a row whose digest is the one written last
  //   is neither sent nor written again, and aggregated_at says when the day's documents last
  //   changed. The digests were read before the day's rows were computed; a row another replica
  //   wrote meanwhile (its lease lapsed) came from the same events or later ones, and the day's
  //   release below fails if later events came (their ingestion bumped the day's version).
  // - The user rows replace the last ones: updated where the user had one and it changed,
  //   removed where the user has none any more. One array parameter per column, however many
  //   users (multi-row VALUES would need chunks of 65535 parameters); the row and the figures team
  //   reads sum (teams.ts). The rows travel as one JSON array, split by PostgreSQL: each element's
  //   text is stored as it is (json keeps its input text), and one document is cheaper to send
  //   and check than an array of them. The arrays and the document are read side by side (ROWS
  //   FROM): joined by position, the planner (which guesses 100 elements for a document) hashed
  //   the rows' JSON and spilled it to disk, 54 MB a day at 50,000 members (docs/scaling.md).
  // - The users join the organization's list of users with activity, their window widened to
  //   this day (written only when it widens); in user id order (assembleDay sorts the rows), so
  //   that rollups of other days of the organization lock the same rows in the same order. The
  //   users whose window holds the day already are left out before the upsert: its conflict
  //   locked (wrote) each of their rows even when nothing changed, 33,000 a day at 50,000
  //   members (docs/scaling.md). A window another rollup widens meanwhile only widens more here.
  // - The models join the organization's list of models called (its price table lists them).
  // - The commit notifies ROLLUP_CHANNEL: the servers whose analytics reads go to read replicas
  //   use a replica only once it has replayed this commit (db/read-replicas.ts).
  const daily = sql`
    daily AS (
      INSERT INTO analytics_daily (organization_id, day, ${sql.join(documents.map(({ column }) => column))}, digest)
      VALUES (${organizationId}, ${day}::date, ${sql.join(documents.map(({ text }) => text))}, ${documentsDigest})
      ON CONFLICT (organization_id, day) DO UPDATE
        SET ${sql.join(documents.map(({ column }) => sql`${column} = excluded.${column}`))}, digest = excluded.digest, aggregated_at = now()
        WHERE analytics_daily.digest IS DISTINCT FROM excluded.digest
    ),`;
  const lastStatement = sql`
    WITH ${differs(documentsDigest, written.documents) ? daily : sql``}
    removed AS (
      DELETE FROM analytics_user_daily WHERE organization_id = ${organizationId} AND day = ${day}::date
        AND NOT (user_id = ANY (${userIds}::text[]))
    ),
    user_rows AS (${userRowsOf(lastPart)}),
    activity AS (
      INSERT INTO analytics_user_activity (organization_id, user_id, first_day, last_day)
      SELECT ${organizationId}, user_id, ${day}::date, ${day}::date FROM unnest(${userIds}::text[]) AS users (user_id)
      WHERE NOT EXISTS (
        SELECT FROM analytics_user_activity known WHERE known.organization_id = ${organizationId} AND known.user_id = users.user_id COLLATE "C"
          AND known.first_day <= ${day}::date AND known.last_day >= ${day}::date
      )
      ON CONFLICT (organization_id, user_id) DO UPDATE SET
        first_day = least(analytics_user_activity.first_day, excluded.first_day),
        last_day = greatest(analytics_user_activity.last_day, excluded.last_day)
        WHERE excluded.first_day < analytics_user_activity.first_day OR excluded.last_day > analytics_user_activity.last_day
    ),
    models AS (
      INSERT INTO analytics_models (organization_id, model_id, last_day)
      SELECT ${organizationId}, model_id, ${day}::date FROM unnest(${modelIds}::text[]) AS models (model_id)
      ON CONFLICT (organization_id, model_id) DO UPDATE SET last_day = excluded.last_day
        WHERE excluded.last_day > analytics_models.last_day
    ),
    ${releaseOf(claimed)}
    SELECT set_config('synchronous_commit', 'off', true), pg_notify(${ROLLUP_CHANNEL}, '')`;
  if (parts.length === 0) await lastStatement.execute(db);
  else {
    await db.transaction().execute(async (trx) => {
      for (const part of parts) await sql`${userRowsOf(part)}`.execute(trx);
      await lastStatement.execute(trx);
    });
  }
}

/**
 * After a large run (a first aggregation, a backfill) the planner's statistics of the rollup tables
 * are stale or absent: PostgreSQL's autovacuum refreshes them a minute or so later, the embedded
 * store never does. Until then /users picks a scan of every user-day of the range over its primary
 * key (measured: 36 ms instead of 6 ms per query on 38,000 rows).
 */
const ANALYZE_AFTER_DAYS = CLAIM_BATCH;

async function refreshStatistics(db: Db): Promise<void> {
  await sql`ANALYZE analytics_daily, analytics_user_daily, analytics_user_activity`.execute(db);
}

/**
 * Aggregates every pending day that has ended (before today, UTC) and that no other replica is
 * working on. Returns how many organization-days were aggregated.
 */
export async function runPendingRollups(db: Db, now: Date = new Date()): Promise<number> {
  const today = dayOf(now);
  let aggregated = 0;
  for (;;) {
    const claimed = await claimPendingDays(db, today, CLAIM_BATCH);
    // The days not yet done keep their lease while this process lives; if it dies, they lapse.
    const left = [...claimed];
    const renewal = setInterval(() => void renewClaims(db, left).catch(() => undefined), CLAIM_RENEW_MS);
    try {
      while (left.length > 0) {
        await rollupDay(db, left[0]!);
        left.shift();
        aggregated += 1;
      }
    } finally {
      clearInterval(renewal);
    }
    // A short batch took every day that was waiting: days marked since are for the next run.
    if (claimed.length < CLAIM_BATCH) break;
  }
  if (aggregated >= ANALYZE_AFTER_DAYS) await refreshStatistics(db);
  return aggregated;
}

const POLL_MS = 200;

/**
 * Aggregates everything pending that has ended, and waits (up to `waitMs`) for days other
 * replicas or the background timer are aggregating, or whose dead claimer's lease must lapse
 * first. `pendingDays` is what is still left then.
 */
export async function runAllPendingRollups(db: Db, waitMs: number): Promise<{ aggregatedDays: number; pendingDays: number }> {
  const deadline = Date.now() + waitMs;
  let aggregatedDays = await runPendingRollups(db);
  let pendingDays = await countPendingDays(db, dayOf(new Date()));
  while (pendingDays > 0 && Date.now() < deadline) {
    await sleep(POLL_MS);
    aggregatedDays += await runPendingRollups(db);
    pendingDays = await countPendingDays(db, dayOf(new Date()));
  }
  return { aggregatedDays, pendingDays };
}
