import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/store.js';
import type { ReadinessTables } from '../db/tables/readiness.js';
import type { AuditActor } from '../domain/audit.js';
import { DomainError, notFound } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import {
  defaultCloneUrl,
  MAX_ATTEMPTS,
  ONLINE_WITHIN_MS,
  retryDelay,
  UNCLAIMED_AFTER_MS,
  type EvaluationStatus,
  type EvaluationTrigger,
} from '../domain/readiness-schedule.js';
import { appendAudit, inTransaction } from './audit-log.js';
import { insertReport, insertReports, type ReadinessReportRecord } from './readiness-reports.js';

// Readiness on computers (docs/readiness.md, "Every repository, every night"): the repositories
// an organization evaluates, and the evaluations queued for its computers, claimed with a lease,
// finished with a report or a failure. Every call takes the organization id.

/** How far back telemetry names the repositories evaluated by default. */
const TELEMETRY_DAYS = 90;

export type RepositorySource = 'listed' | 'telemetry' | 'git-host';

export interface EvaluatedRepository {
  /** The listed entry's id; null for a repository evaluated by default. */
  id: string | null;
  repoId: string;
  cloneUrl: string;
  source: RepositorySource;
  createdAt: Date | null;
}

export interface EvaluationRecord {
  id: string;
  repoId: string;
  cloneUrl: string;
  trigger: EvaluationTrigger;
  status: EvaluationStatus;
  attempts: number;
  notBefore: Date;
  computerId: string | null;
  leaseUntil: Date | null;
  queuedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  error: string | null;
  reportId: string | null;
}

type EvaluationRow = Selectable<ReadinessTables['readiness_evaluations']>;

function toEvaluation(row: EvaluationRow): EvaluationRecord {
  return {
    id: row.id,
    repoId: row.repo_id,
    cloneUrl: row.clone_url,
    trigger: row.trigger as EvaluationTrigger,
    status: row.status as EvaluationStatus,
    attempts: row.attempts,
    notBefore: new Date(row.not_before),
    computerId: row.computer_id,
    leaseUntil: row.lease_until && new Date(row.lease_until),
    queuedAt: new Date(row.queued_at),
    startedAt: row.started_at && new Date(row.started_at),
    finishedAt: row.finished_at && new Date(row.finished_at),
    error: row.error,
    reportId: row.report_id,
  };
}

// ---- the repositories to evaluate -------------------------------------------------------------

async function listedRepositories(db: Db, organizationId: string): Promise<EvaluatedRepository[]> {
  const rows = await db.selectFrom('readiness_repositories').selectAll().where('organization_id', '=', organizationId).orderBy('repo_id').execute();
  return rows.map((row) => ({ id: row.id, repoId: row.repo_id, cloneUrl: row.clone_url, source: 'listed', createdAt: new Date(row.created_at) }));
}

/**
 * The repositories telemetry named over the last 90 rolled-up days (the days' member lists, not
 * the events) and those the git hosts reported pull requests or commits of, git hosts first.
 */
async function namedRepositories(db: Db, organizationId: string, now: Date): Promise<EvaluatedRepository[]> {
  const since = new Date(now.getTime() - TELEMETRY_DAYS * 86_400_000).toISOString().slice(0, 10);
  const { rows } = await sql<{ repo_id: string; source: RepositorySource }>`
    SELECT repository AS repo_id, 'git-host' AS source FROM git_pull_requests WHERE organization_id = ${organizationId}
    UNION SELECT c.repository, 'git-host' FROM git_commits c JOIN git_hosts h ON h.id = c.git_host_id WHERE h.organization_id = ${organizationId}
    UNION SELECT m.member ->> 'group_key', 'telemetry' FROM analytics_daily d, json_array_elements(d.repository_members) AS m (member)
      WHERE d.organization_id = ${organizationId} AND d.day >= ${since}`.execute(db);
  const byId = new Map<string, RepositorySource>();
  for (const row of rows) if (row.repo_id && row.repo_id !== '(none)' && byId.get(row.repo_id) !== 'git-host') byId.set(row.repo_id, row.source);
  return [...byId]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([repoId, source]) => ({ id: null, repoId, cloneUrl: defaultCloneUrl(repoId), source, createdAt: null }));
}

/** What the organization evaluates: its own list, or while that is empty, the repositories its telemetry and git hosts name; by repoId. */
export async function repositoriesToEvaluate(db: Db, organizationId: string, now: Date = new Date()): Promise<EvaluatedRepository[]> {
  const listed = await listedRepositories(db, organizationId);
  return listed.length > 0 ? listed : namedRepositories(db, organizationId, now);
}

export async function listRepository(db: Db, organizationId: string, input: { repoId: string; cloneUrl: string }, actor: AuditActor): Promise<EvaluatedRepository> {
  return inTransaction(db, async (trx) => {
    const id = newId('rdr');
    const row = await trx
      .insertInto('readiness_repositories')
      .values({ organization_id: organizationId, id, repo_id: input.repoId, clone_url: input.cloneUrl })
      .onConflict((conflict) => conflict.columns(['organization_id', 'repo_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new DomainError('readiness_repository_listed', `${input.repoId} is already on the list; remove it first to change its clone URL`);
    await appendAudit(trx, organizationId, { actor, action: 'readiness.repository_listed', target: { type: 'readiness_repository', id, label: input.repoId }, details: { cloneUrl: input.cloneUrl } });
    return { id: row.id, repoId: row.repo_id, cloneUrl: row.clone_url, source: 'listed', createdAt: new Date(row.created_at) };
  });
}

export async function unlistRepository(db: Db, organizationId: string, id: string, actor: AuditActor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await trx.deleteFrom('readiness_repositories').where('organization_id', '=', organizationId).where('id', '=', id).returning(['repo_id']).executeTakeFirst();
    if (!row) throw notFound('readiness repository');
    await appendAudit(trx, organizationId, { actor, action: 'readiness.repository_unlisted', target: { type: 'readiness_repository', id, label: row.repo_id } });
  });
}

// ---- queueing ---------------------------------------------------------------------------------

async function anyComputerOnline(db: Db, organizationId: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('computers')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('last_seen_at', '>', new Date(now.getTime() - ONLINE_WITHIN_MS))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface QueueRequest {
  repoId: string;
  cloneUrl: string;
  trigger: EvaluationTrigger;
  /** For a nightly evaluation: the night, at most one per repository. */
  night?: string;
}

/**
 * Queues an evaluation for the organization's computers. With no computer online (no heartbeat
 * within five minutes) it is recorded failed at once, saying so, rather than wait unseen. A
 * nightly one already queued for that night answers undefined.
 */
export async function queueEvaluation(db: Db, organizationId: string, request: QueueRequest, now: Date = new Date()): Promise<EvaluationRecord | undefined> {
  const online = await anyComputerOnline(db, organizationId, now);
  const row = await db
    .insertInto('readiness_evaluations')
    .values({
      organization_id: organizationId,
      id: newId('rde', now.getTime()),
      repo_id: request.repoId,
      clone_url: request.cloneUrl,
      trigger: request.trigger,
      night: request.night ?? null,
      status: online ? 'queued' : 'failed',
      not_before: now,
      queued_at: now,
      finished_at: online ? null : now,
      error: online ? null : `no computer of the organization is online (none sent a heartbeat in the last ${ONLINE_WITHIN_MS / 60_000} minutes)`,
    })
    .onConflict((conflict) => conflict.columns(['organization_id', 'repo_id', 'night']).where('night', 'is not', null).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row && toEvaluation(row);
}

/** Queues one evaluation for each repository the organization evaluates; answers those queued. */
export async function queueForRepositories(db: Db, organizationId: string, trigger: EvaluationTrigger, options: { night?: string; repoIds?: readonly string[] }, now: Date = new Date()): Promise<EvaluationRecord[]> {
  const repositories = await repositoriesToEvaluate(db, organizationId, now);
  const wanted = options.repoIds && new Set(options.repoIds);
  const queued: EvaluationRecord[] = [];
  for (const repository of repositories) {
    if (wanted && !wanted.has(repository.repoId)) continue;
    const evaluation = await queueEvaluation(db, organizationId, { repoId: repository.repoId, cloneUrl: repository.cloneUrl, trigger, ...(options.night ? { night: options.night } : {}) }, now);
    if (evaluation) queued.push(evaluation);
  }
  return queued;
}

/**
 * Organizations with a computer, something to evaluate and no nightly evaluation for `night` yet.
 * One that never registered a computer has not taken up evaluations on computers: it is not sent
 * a failed evaluation every night.
 */
export async function organizationsDueForNight(db: Db, night: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT o.id FROM organizations o
    WHERE NOT EXISTS (SELECT 1 FROM readiness_evaluations e WHERE e.organization_id = o.id AND e.night = ${night})
      AND EXISTS (SELECT 1 FROM computers c WHERE c.organization_id = o.id)
      AND (EXISTS (SELECT 1 FROM readiness_repositories r WHERE r.organization_id = o.id)
        OR EXISTS (SELECT 1 FROM git_hosts h WHERE h.organization_id = o.id)
        OR EXISTS (SELECT 1 FROM analytics_daily d WHERE d.organization_id = o.id AND d.repository_members::text <> '[]'))
    ORDER BY o.id`.execute(db);
  return rows.map((row) => row.id);
}

// ---- leases -----------------------------------------------------------------------------------

/**
 * Evaluations whose computer stopped answering (lease lapsed) go back to the queue, or fail once
 * they used their tries; queued ones no computer claimed within a day fail. Answers how many
 * changed. `organizationId` narrows it to one organization (a claim sweeps its own first).
 */
export async function sweepEvaluations(db: Db, now: Date, organizationId?: string): Promise<number> {
  const mine = organizationId === undefined ? sql`` : sql`AND organization_id = ${organizationId}`;
  const lapsed = await sql`
    UPDATE readiness_evaluations SET
      status = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN 'failed' ELSE 'queued' END,
      finished_at = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN ${now}::timestamptz ELSE NULL END,
      not_before = ${now}, lease_until = NULL,
      error = 'the computer ' || coalesce(computer_id, '') || ' stopped answering during the evaluation (its lease lapsed)'
    WHERE status = 'running' AND lease_until <= ${now} ${mine}`.execute(db);
  const unclaimed = await sql`
    UPDATE readiness_evaluations SET status = 'failed', finished_at = ${now},
      error = coalesce(error || '; ', '') || 'no computer claimed it within ' || ${UNCLAIMED_AFTER_MS / 3_600_000} || ' hours'
    WHERE status = 'queued' AND queued_at <= ${new Date(now.getTime() - UNCLAIMED_AFTER_MS)} ${mine}`.execute(db);
  return Number(lapsed.numAffectedRows ?? 0n) + Number(unclaimed.numAffectedRows ?? 0n);
}

/** The oldest due evaluation of the organization, now running on this computer with a lease; undefined when none. */
export async function claimEvaluation(db: Db, organizationId: string, computerId: string, now: Date, leaseMs: number): Promise<EvaluationRecord | undefined> {
  await sweepEvaluations(db, now, organizationId);
  const { rows } = await sql<EvaluationRow>`
    UPDATE readiness_evaluations SET status = 'running', computer_id = ${computerId}, attempts = attempts + 1,
      lease_until = ${new Date(now.getTime() + leaseMs)}, started_at = ${now}
    WHERE organization_id = ${organizationId} AND id = (
      SELECT id FROM readiness_evaluations
      WHERE organization_id = ${organizationId} AND status = 'queued' AND not_before <= ${now}
      ORDER BY not_before, id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING *`.execute(db);
  return rows[0] && toEvaluation(rows[0]);
}

async function runningOn(db: Db, organizationId: string, computerId: string, id: string): Promise<EvaluationRecord> {
  const row = await db.selectFrom('readiness_evaluations').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound('readiness evaluation');
  const evaluation = toEvaluation(row);
  if (evaluation.status !== 'running' || evaluation.computerId !== computerId) {
    throw new DomainError('evaluation_not_running', `evaluation ${id} is not running on this computer (it is ${evaluation.status}${evaluation.computerId && evaluation.computerId !== computerId ? ` on ${evaluation.computerId}` : ''})`);
  }
  return evaluation;
}

/** The computer's report: stored as an upload would store it, and the evaluation succeeded, in one transaction. */
export async function completeEvaluation(db: Db, organizationId: string, computerId: string, id: string, report: ReadinessReportRecord, now: Date): Promise<EvaluationRecord> {
  return db.transaction().execute(async (trx) => {
    await runningOn(trx, organizationId, computerId, id);
    await insertReport(trx, organizationId, report);
    const row = await trx
      .updateTable('readiness_evaluations')
      .set({ status: 'succeeded', finished_at: now, lease_until: null, error: null, report_id: report.reportId })
      .where('organization_id', '=', organizationId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toEvaluation(row);
  });
}

/** The computer's failure: kept as the evaluation's error; tried again after a wait while tries remain, failed after. */
export async function failEvaluation(db: Db, organizationId: string, computerId: string, id: string, error: string, now: Date, retryDelayMs: number): Promise<EvaluationRecord> {
  return db.transaction().execute(async (trx) => {
    const evaluation = await runningOn(trx, organizationId, computerId, id);
    const final = evaluation.attempts >= MAX_ATTEMPTS;
    const row = await trx
      .updateTable('readiness_evaluations')
      .set({
        status: final ? 'failed' : 'queued',
        finished_at: final ? now : null,
        not_before: final ? evaluation.notBefore : new Date(now.getTime() + retryDelay(evaluation.attempts, retryDelayMs)),
        lease_until: null,
        error,
      })
      .where('organization_id', '=', organizationId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toEvaluation(row);
  });
}

// ---- reading ----------------------------------------------------------------------------------

export interface EvaluationFilter {
  repoId?: string | undefined;
  status?: EvaluationStatus | undefined;
}

/** Newest first (ids sort by queue time); those after the id `after` when given. */
export async function listEvaluations(db: Db, organizationId: string, filter: EvaluationFilter, page: { after: string | undefined; limit: number }): Promise<EvaluationRecord[]> {
  let query = db.selectFrom('readiness_evaluations').selectAll().where('organization_id', '=', organizationId);
  if (filter.repoId !== undefined) query = query.where('repo_id', '=', filter.repoId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (page.after !== undefined) query = query.where('id', '<', page.after);
  return (await query.orderBy('id', 'desc').limit(page.limit).execute()).map(toEvaluation);
}

export async function findEvaluation(db: Db, organizationId: string, id: string): Promise<EvaluationRecord> {
  const row = await db.selectFrom('readiness_evaluations').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('readiness evaluation');
  return toEvaluation(row);
}

/** The newest evaluation of each of these repositories that has one. */
export async function latestEvaluations(db: Db, organizationId: string, repoIds: readonly string[]): Promise<Map<string, EvaluationRecord>> {
  if (repoIds.length === 0) return new Map();
  const { rows } = await sql<EvaluationRow>`
    SELECT latest.* FROM unnest(${repoIds}::text[]) AS repos (repo_id)
    CROSS JOIN LATERAL (
      SELECT * FROM readiness_evaluations WHERE organization_id = ${organizationId} AND repo_id = repos.repo_id ORDER BY id DESC LIMIT 1
    ) latest`.execute(db);
  return new Map(rows.map((row) => [row.repo_id, toEvaluation(row)]));
}

export interface PastEvaluation {
  repoId: string;
  cloneUrl: string;
  computerId: string;
  night: string;
  at: Date;
  report: Record<string, unknown>;
}

/** Nightly evaluations that ran in the past with their reports (the demo's history), stored as the computer's uploads would have stored them, in one transaction. */
export async function recordPastEvaluations(db: Db, organizationId: string, pasts: readonly PastEvaluation[]): Promise<void> {
  if (pasts.length === 0) return;
  const rows = pasts.map((past) => ({ past, reportId: randomUUID(), finishedAt: new Date(past.at.getTime() + 40_000) }));
  await db.transaction().execute(async (trx) => {
    await insertReports(trx, organizationId, rows.map(({ past, reportId, finishedAt }) => ({ reportId, repoId: past.repoId, createdAt: finishedAt.getTime(), body: past.report })));
    await trx
      .insertInto('readiness_evaluations')
      .values(
        rows.map(({ past, reportId, finishedAt }) => ({
          organization_id: organizationId,
          id: newId('rde', past.at.getTime()),
          repo_id: past.repoId,
          clone_url: past.cloneUrl,
          trigger: 'nightly',
          night: past.night,
          status: 'succeeded',
          attempts: 1,
          not_before: past.at,
          computer_id: past.computerId,
          queued_at: past.at,
          started_at: past.at,
          finished_at: finishedAt,
          report_id: reportId,
        })),
      )
      .execute();
  });
}
