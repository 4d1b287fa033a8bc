import { createHash } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/store.js';
import type { AgentSessionsTables } from '../db/tables/agent-sessions.js';
import type { WastedSession } from '../domain/agent-session-waste.js';
import { sessionFigures, type SessionStep, type StepContent, type StepKind, type WastePattern } from '../domain/agent-sessions.js';
import { notFound } from '../domain/errors.js';
import type { PriceBook } from '../domain/prices.js';

// Agent sessions (docs/agent-sessions.md): steps stored once each by their id, in the transaction
// that stores the telemetry they came from, and each session they touched recomputed from all its
// steps there and then; and the reads of the sessions API.

export type AgentSessionRow = Selectable<AgentSessionsTables['agent_sessions']>;
type StepRow = Selectable<AgentSessionsTables['agent_session_steps']>;

/** A step of a person's session, as ingestion hands it over. */
export interface AttributedStep {
  userId: string;
  agent: string;
  /** The agent's own session id. */
  sessionKey: string;
  step: SessionStep;
  /** Its content as sent, raw: never stored as such (KeptContent is what is). */
  content?: StepContent | undefined;
}

/** A step's content as kept: redacted, with its expiry (decisions.md §16). */
export interface KeptContent {
  input: string | null;
  output: string | null;
  expiresAt: Date;
}

/** A session's id: the same (organization, person, agent, agent's session) always has the same. */
export function agentSessionId(organizationId: string, userId: string, agent: string, sessionKey: string): string {
  return `ags_${createHash('sha256').update([organizationId, userId, agent, sessionKey].join('\u0000')).digest('base64url').slice(0, 24)}`;
}

/** Rows per insert: 21 parameters a row, far below PostgreSQL's 65,535. */
const STEPS_PER_STATEMENT = 1000;

/**
 * Stores the steps, and the kept content of those newly stored, and recomputes every session that
 * got a new one, inside the caller's transaction: a step already stored (the same export again)
 * changes nothing. `prices` is read only when a session is recomputed.
 */
export async function recordSessionSteps(
  trx: Db,
  organizationId: string,
  steps: readonly AttributedStep[],
  prices: () => Promise<PriceBook>,
  contents: ReadonlyMap<string, KeptContent> = new Map(),
): Promise<void> {
  if (steps.length === 0) return;
  const sessions = new Map<string, AttributedStep>();
  const rows = steps.map((attributed) => {
    const sessionId = agentSessionId(organizationId, attributed.userId, attributed.agent, attributed.sessionKey);
    if (!sessions.has(sessionId)) sessions.set(sessionId, attributed);
    const { step } = attributed;
    return {
      organization_id: organizationId,
      id: step.id,
      session_id: sessionId,
      occurred_at: step.occurredAt,
      kind: step.kind,
      duration_ms: step.durationMs,
      model_id: step.modelId,
      input_tokens: step.tokens.input,
      output_tokens: step.tokens.output,
      cache_read_tokens: step.tokens.cacheRead,
      cache_write_tokens: step.tokens.cacheWrite,
      name: step.name,
      outcome: step.outcome,
      file_access: step.fileAccess,
      call_digest: step.callDigest,
      file_digest: step.fileDigest,
      trace_id: step.traceId,
      span_id: step.spanId,
      parent_span_id: step.parentSpanId,
      repository: step.repository,
    };
  });
  const touched = new Set<string>();
  const contentRows = [];
  // Steps in id order, as the events are: concurrent exports meet the keys they share in one order.
  rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (let at = 0; at < rows.length; at += STEPS_PER_STATEMENT) {
    const inserted = await trx
      .insertInto('agent_session_steps')
      .values(rows.slice(at, at + STEPS_PER_STATEMENT))
      .onConflict((conflict) => conflict.columns(['organization_id', 'id']).doNothing())
      .returning(['id', 'session_id'])
      .execute();
    for (const { id, session_id } of inserted) {
      touched.add(session_id);
      const content = contents.get(id);
      if (content) contentRows.push({ organization_id: organizationId, step_id: id, session_id, input: content.input, output: content.output, expires_at: content.expiresAt });
    }
  }
  if (touched.size === 0) return;
  for (let at = 0; at < contentRows.length; at += STEPS_PER_STATEMENT) {
    await trx.insertInto('agent_session_step_contents').values(contentRows.slice(at, at + STEPS_PER_STATEMENT)).execute();
  }
  // The sessions that got a step are created and locked, in id order; a concurrent export of the
  // same session waits here for this one's commit, then recomputes with these steps committed.
  const ordered = [...touched].sort();
  await trx
    .insertInto('agent_sessions')
    .values(
      ordered.map((id) => {
        const { userId, agent, sessionKey, step } = sessions.get(id)!;
        return { organization_id: organizationId, id, user_id: userId, agent, session_key: sessionKey, started_at: step.occurredAt, ended_at: step.occurredAt, repository: null };
      }),
    )
    .onConflict((conflict) => conflict.columns(['organization_id', 'id']).doNothing())
    .execute();
  // One lookup of the key per session, each locked as it is found, in the database's order of the
  // ids (as every release locks them): a list of ids against the organization is planned, until
  // the table's statistics say otherwise (a new organization, a table not analyzed yet), as a scan
  // of all the organization's sessions, which made each batch cost more than the one before it
  // (docs/performance.md).
  const locked = await sql<LockedSession & { timeline_deleted: boolean }>`
    SELECT s.* FROM (SELECT id FROM unnest(${ordered}::text[]) AS id ORDER BY id) AS given
    CROSS JOIN LATERAL (
      SELECT id, user_id, agent, session_key, timeline_deleted FROM agent_sessions
      WHERE organization_id = ${organizationId} AND id = given.id FOR UPDATE
    ) AS s`.execute(trx);
  // A session whose timeline retention deleted has too few steps left to recompute from: its figures stay as they were.
  const live = locked.rows.filter((row) => !row.timeline_deleted);
  if (live.length === 0) return;
  const book = await prices();
  await recomputeSessions(trx, organizationId, live, book);
}

/** A locked session: its key, and the columns an insert needs (recomputeSessions writes by upsert). */
type LockedSession = Pick<AgentSessionRow, 'id' | 'user_id' | 'agent' | 'session_key'>;

/** Sessions per recomputation round: their steps read in one query, their rows written in one. */
const SESSIONS_PER_ROUND = 500;

/**
 * Recomputes sessions from all their steps: one read of the steps and one write of the rows per
 * round of sessions, rather than a read and a write per session (an export touching fifty
 * sessions made a hundred round trips). The rows exist and are locked by the caller.
 */
async function recomputeSessions(trx: Db, organizationId: string, sessions: readonly LockedSession[], prices: PriceBook): Promise<void> {
  for (let at = 0; at < sessions.length; at += SESSIONS_PER_ROUND) {
    const round = sessions.slice(at, at + SESSIONS_PER_ROUND);
    const ids = round.map((session) => session.id);
    // Each session's steps looked up on their own (OFFSET 0 keeps the subquery a lookup per
    // session): as one list, the same scan of the organization's steps as the lock above.
    const { rows } = await sql<StepRow>`
      SELECT steps.* FROM unnest(${ids}::text[]) AS given (session_id)
      CROSS JOIN LATERAL (SELECT * FROM agent_session_steps WHERE organization_id = ${organizationId} AND session_id = given.session_id OFFSET 0) AS steps`.execute(trx);
    const stepsOf = new Map<string, SessionStep[]>();
    for (const row of rows) {
      const steps = stepsOf.get(row.session_id);
      if (steps) steps.push(stepOf(row));
      else stepsOf.set(row.session_id, [stepOf(row)]);
    }
    // The figures sort the steps themselves (sessionFigures), so the read needs no order.
    const values = round.map(({ id, user_id, agent, session_key }) => {
      const figures = sessionFigures(stepsOf.get(id)!, prices);
      return sql`(${organizationId}, ${id}, ${user_id}, ${agent}, ${session_key}, ${figures.startedAt}::timestamptz, ${figures.endedAt}::timestamptz, ${figures.repository}::text, ${figures.models}::text[], ${figures.turns}::int, ${figures.modelCalls}::int, ${figures.toolCalls}::int, ${figures.errors}::int, ${figures.compactions}::int, ${figures.fileChanges}::int, ${figures.tokens.input}::bigint, ${figures.tokens.output}::bigint, ${figures.tokens.cacheRead}::bigint, ${figures.tokens.cacheWrite}::bigint, ${figures.costMicros}::bigint, ${figures.currency}::text, ${figures.unpricedModels}::text[], ${figures.findings.length > 0}::boolean, ${figures.wasteMicros}::bigint, ${JSON.stringify(figures.findings)}::jsonb)`;
    });
    // Written as an upsert of rows that exist (inserted and locked above): each is found by its key,
    // where an UPDATE joined to the values is planned, like the lists above, as a scan of the
    // organization's sessions.
    await sql`
      INSERT INTO agent_sessions AS s (organization_id, id, user_id, agent, session_key, started_at, ended_at, repository, models, turns,
        model_calls, tool_calls, errors, compactions, file_changes, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens,
        cost_micros, currency, unpriced_models, flagged, waste_micros, findings)
      VALUES ${sql.join(values)}
      ON CONFLICT (organization_id, id) DO UPDATE SET
        started_at = excluded.started_at, ended_at = excluded.ended_at, repository = excluded.repository, models = excluded.models, turns = excluded.turns,
        model_calls = excluded.model_calls, tool_calls = excluded.tool_calls, errors = excluded.errors, compactions = excluded.compactions, file_changes = excluded.file_changes,
        -- An abandonment stands while the session's end stays (a late record from inside it); a later end restarts the window.
        abandoned = s.abandoned AND excluded.ended_at = s.ended_at,
        input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens, cache_read_tokens = excluded.cache_read_tokens, cache_write_tokens = excluded.cache_write_tokens,
        cost_micros = excluded.cost_micros, currency = excluded.currency, unpriced_models = excluded.unpriced_models, flagged = excluded.flagged,
        waste_micros = excluded.waste_micros, findings = excluded.findings`.execute(trx);
  }
}

/**
 * Deletes the timelines of an organization's sessions that ended before `before` (timeline
 * retention): their steps go, their figures stay, marked so that a late record does not recompute
 * them from what is left. Answers how many steps were deleted.
 */
export async function deleteTimelinesBefore(db: Db, organizationId: string, before: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('agent_sessions')
      .set({ timeline_deleted: true })
      .where('organization_id', '=', organizationId)
      .where('ended_at', '<', before)
      .where('timeline_deleted', '=', false)
      .execute();
    // Sessions marked on an earlier pass get late steps too; those are deleted with the rest, content and all.
    await trx
      .deleteFrom('agent_session_step_contents')
      .where('organization_id', '=', organizationId)
      .where('session_id', 'in', (ended) => ended.selectFrom('agent_sessions').select('id').where('organization_id', '=', organizationId).where('timeline_deleted', '=', true))
      .execute();
    const result = await trx
      .deleteFrom('agent_session_steps')
      .where('organization_id', '=', organizationId)
      .where('session_id', 'in', (ended) => ended.selectFrom('agent_sessions').select('id').where('organization_id', '=', organizationId).where('timeline_deleted', '=', true))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

export async function organizationsWithAgentSessions(db: Db): Promise<string[]> {
  return (await db.selectFrom('agent_sessions').select('organization_id').distinct().execute()).map((row) => row.organization_id);
}

/** How long after a session its person has to commit before the session counts as abandoned. */
export const ABANDON_WINDOW_HOURS = 24;
/** Sessions that ended within this many days are decided again on each pass: late outcomes count. */
export const ABANDON_HORIZON_DAYS = 35;

/**
 * Decides which sessions are abandoned (docs/agent-sessions.md): ended more than the window ago,
 * cost money, changed files, and no outcome of their person within the window after their start:
 * a commit the hooks recorded (in the session, or in its repository), a `git_commit` or
 * `pr_created` event (in the session, or in its repository), or a commit pushed to its repository
 * under the person's e-mail. One statement over every organization; answers how many sessions
 * changed their decision.
 */
export async function decideAbandonedSessions(db: Db, now: Date = new Date()): Promise<number> {
  const window = sql`make_interval(hours => ${ABANDON_WINDOW_HOURS})`;
  const result = await sql`
    UPDATE agent_sessions AS s SET abandoned = d.abandoned
    FROM (
      SELECT c.organization_id, c.id,
        c.ended_at + ${window} <= ${now}::timestamptz AND c.cost_micros > 0 AND c.file_changes > 0
        AND NOT EXISTS (
          SELECT 1 FROM agent_commits k
          WHERE k.organization_id = c.organization_id AND k.user_id = c.user_id
            AND (k.session_id = c.session_key OR k.repository = c.repository)
            AND k.committed_at >= c.started_at AND k.committed_at < c.ended_at + ${window})
        AND NOT EXISTS (
          SELECT 1 FROM telemetry_events e
          WHERE e.organization_id = c.organization_id AND e.user_id = c.user_id
            AND e.day BETWEEN (c.started_at AT TIME ZONE 'UTC')::date AND ((c.ended_at + ${window}) AT TIME ZONE 'UTC')::date
            AND e.type IN ('git_commit', 'pr_created')
            AND (e.session_id = c.session_key OR e.repository = c.repository)
            AND e.occurred_at >= c.started_at AND e.occurred_at < c.ended_at + ${window})
        AND NOT EXISTS (
          SELECT 1 FROM git_commits g JOIN users u ON u.id = c.user_id
          WHERE g.organization_id = c.organization_id AND g.repository = c.repository AND lower(g.author_email) = lower(u.email)
            AND g.authored_at >= c.started_at AND g.authored_at < c.ended_at + ${window}) AS abandoned
      FROM agent_sessions c
      WHERE c.ended_at >= ${now}::timestamptz - make_interval(days => ${ABANDON_HORIZON_DAYS})
    ) AS d
    WHERE s.organization_id = d.organization_id AND s.id = d.id AND s.abandoned IS DISTINCT FROM d.abandoned`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

function sessionStepRows(db: Db, organizationId: string, sessionId: string): Promise<StepRow[]> {
  return db.selectFrom('agent_session_steps').selectAll().where('organization_id', '=', organizationId).where('session_id', '=', sessionId).orderBy('occurred_at').orderBy('id').execute();
}

const nullable = <T extends string>(value: string | null) => value as T | null;

function stepOf(row: StepRow): SessionStep {
  return {
    id: row.id,
    occurredAt: new Date(row.occurred_at),
    kind: row.kind as StepKind,
    durationMs: row.duration_ms,
    modelId: row.model_id,
    tokens: { input: Number(row.input_tokens), output: Number(row.output_tokens), cacheRead: Number(row.cache_read_tokens), cacheWrite: Number(row.cache_write_tokens) },
    name: row.name,
    outcome: nullable(row.outcome),
    fileAccess: nullable(row.file_access),
    callDigest: row.call_digest,
    fileDigest: row.file_digest,
    traceId: row.trace_id,
    spanId: row.span_id,
    parentSpanId: row.parent_span_id,
    repository: row.repository,
  };
}

export const AGENT_SESSION_SORTS = ['start', 'cost', 'duration', 'errors'] as const;
export type AgentSessionSort = (typeof AGENT_SESSION_SORTS)[number];

export interface AgentSessionFilter {
  /** Sessions started at or after this instant, and before `startedBefore`. */
  startedFrom?: Date | undefined;
  startedBefore?: Date | undefined;
  userId?: string | undefined;
  agent?: string | undefined;
  /** Sessions that called this model (one of their `models`). */
  model?: string | undefined;
  repository?: string | undefined;
  teamId?: string | undefined;
  flagged?: boolean | undefined;
  /** Only sessions that cost more than this many micro-units. */
  costAboveMicros?: number | undefined;
}

/** What a sort orders by, as a number: newest, costliest, longest, most errors first. */
const SORT_KEYS = {
  start: sql<number>`(extract(epoch from started_at) * 1000)`,
  cost: sql<number>`cost_micros::numeric`,
  duration: sql<number>`(extract(epoch from (ended_at - started_at)) * 1000)`,
  errors: sql<number>`errors::numeric`,
} as const;

/** A page key: the sort's value and the id of the last row. */
export type SortKey = [number, string];

export async function listAgentSessions(
  db: Db,
  organizationId: string,
  filter: AgentSessionFilter,
  sort: AgentSessionSort,
  page: { after: SortKey | undefined; limit: number },
): Promise<(AgentSessionRow & { sort_key: number })[]> {
  const key = SORT_KEYS[sort];
  let query = db.selectFrom('agent_sessions').selectAll().select(key.as('sort_key')).where('organization_id', '=', organizationId);
  if (filter.startedFrom) query = query.where('started_at', '>=', filter.startedFrom);
  if (filter.startedBefore) query = query.where('started_at', '<', filter.startedBefore);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.agent !== undefined) query = query.where('agent', '=', filter.agent);
  if (filter.model !== undefined) query = query.where(sql<boolean>`${filter.model} = ANY(models)`);
  if (filter.repository !== undefined) query = query.where('repository', '=', filter.repository);
  // Flagged: a finding in its steps, or abandoned (the job's decision, apart from the steps' findings).
  if (filter.flagged !== undefined) query = query.where(sql<boolean>`(flagged OR abandoned)`, '=', filter.flagged);
  if (filter.costAboveMicros !== undefined) query = query.where('cost_micros', '>', filter.costAboveMicros);
  if (filter.teamId !== undefined) {
    const teamId = filter.teamId;
    query = query.where('user_id', 'in', (members) =>
      members.selectFrom('team_members').select('team_members.user_id').where('team_members.organization_id', '=', organizationId).where('team_members.team_id', '=', teamId),
    );
  }
  if (page.after) {
    const [value, id] = page.after;
    query = query.where(sql<boolean>`(${key}, id) < (${String(value)}::numeric, ${id})`);
  }
  const rows = await query.orderBy(key, 'desc').orderBy('id', 'desc').limit(page.limit).execute();
  return rows.map((row) => ({ ...row, sort_key: Number(row.sort_key) }));
}

/** A session the caller may see (a member: their own), else not found, whether it exists or not. */
export async function findAgentSession(db: Db, organizationId: string, sessionId: string, visibleTo: string | undefined): Promise<AgentSessionRow> {
  let query = db.selectFrom('agent_sessions').selectAll().where('organization_id', '=', organizationId).where('id', '=', sessionId);
  if (visibleTo !== undefined) query = query.where('user_id', '=', visibleTo);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('agent session');
  return row;
}

/**
 * The flagged sessions that started in [from, before), of one person when `userId` is given, as
 * the monthly waste figures read them: their findings' costs, and the abandoned finding the job
 * decided (the whole session's cost) beside those of the steps.
 */
export async function wastedSessions(db: Db, organizationId: string, from: Date, before: Date, userId: string | undefined): Promise<WastedSession[]> {
  let query = db
    .selectFrom('agent_sessions')
    .select(['repository', 'agent', 'findings', 'waste_micros', 'abandoned', 'cost_micros'])
    .where('organization_id', '=', organizationId)
    .where('started_at', '>=', from)
    .where('started_at', '<', before)
    .where(sql<boolean>`(flagged OR abandoned)`);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const rows = await query.execute();
  return rows.map((row) => ({
    repository: row.repository,
    agent: row.agent,
    findings: [
      ...row.findings.map((finding) => ({ pattern: finding.pattern as WastePattern, occurrences: finding.occurrences, micros: Math.round(finding.estimatedCost * 1_000_000) })),
      ...(row.abandoned ? [{ pattern: 'abandoned' as const, occurrences: 1, micros: Number(row.cost_micros) }] : []),
    ],
    wasteMicros: Number(row.abandoned ? row.cost_micros : row.waste_micros),
  }));
}

export async function agentSessionSteps(db: Db, organizationId: string, sessionId: string): Promise<SessionStep[]> {
  return (await sessionStepRows(db, organizationId, sessionId)).map(stepOf);
}

/** The kept content of a session's steps that has not expired, by step id. */
export async function agentSessionContents(db: Db, organizationId: string, sessionId: string, now: Date = new Date()): Promise<Map<string, { input: string | null; output: string | null }>> {
  const rows = await db
    .selectFrom('agent_session_step_contents')
    .select(['step_id', 'input', 'output'])
    .where('organization_id', '=', organizationId)
    .where('session_id', '=', sessionId)
    .where('expires_at', '>', now)
    .execute();
  return new Map(rows.map((row) => [row.step_id, { input: row.input, output: row.output }]));
}

export async function organizationsWithContent(db: Db): Promise<string[]> {
  return (await db.selectFrom('agent_session_step_contents').select('organization_id').distinct().execute()).map((row) => row.organization_id);
}

/**
 * Deletes an organization's expired content: past its expiry, or older than `retentionDays` (a
 * retention shortened since it was kept), or all of it when `retentionDays` is undefined (the
 * control turned off). Answers how many steps' content was deleted.
 */
export async function deleteExpiredContent(db: Db, organizationId: string, retentionDays: number | undefined, now: Date): Promise<number> {
  let query = db.deleteFrom('agent_session_step_contents').where('organization_id', '=', organizationId);
  if (retentionDays !== undefined) {
    const before = new Date(now.getTime() - retentionDays * 86_400_000);
    query = query.where((row) =>
      row.or([
        row('expires_at', '<=', now),
        row('step_id', 'in', (old) => old.selectFrom('agent_session_steps').select('id').where('organization_id', '=', organizationId).where('occurred_at', '<', before)),
      ]),
    );
  }
  return Number((await query.executeTakeFirst()).numDeletedRows);
}
