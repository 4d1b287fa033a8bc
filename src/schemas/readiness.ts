import { randomUUID } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import { invalidInput, type FieldError } from '../domain/errors.js';
import { repoIdOf } from '../domain/repo-id.js';
import { EVALUATION_STATUSES, EVALUATION_TRIGGERS, MAX_ATTEMPTS } from '../domain/readiness-schedule.js';
import type { EvaluatedRepository, EvaluationRecord } from '../repositories/readiness-evaluations.js';
import type { ReadinessReportRecord } from '../repositories/readiness-reports.js';
import { StringEnum, UnixMillis } from './common.js';

// Readiness reports (decisions.md §5) and how the API shows a stored one.

export const ReadinessCriterion = Type.Object(
  {
    numerator: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'Sub-applications passing, 0 to denominator; null when the criterion was skipped' }),
    denominator: Type.Integer({ minimum: 1, description: 'Sub-applications evaluated' }),
    rationale: Type.String({ maxLength: 100_000 }),
  },
  { $id: 'ReadinessCriterion', additionalProperties: false },
);

const readinessReportFields = {
  repoUrl: Type.String({ minLength: 1, maxLength: 2048 }),
  apps: Type.Record(Type.String({ maxLength: 1024 }), Type.Object({ description: Type.String({ maxLength: 100_000 }) }, { additionalProperties: false })),
  report: Type.Record(Type.String({ minLength: 1, maxLength: 256 }), Type.Ref(ReadinessCriterion)),
  commitHash: Type.Optional(Type.String({ maxLength: 256 })),
  branch: Type.Optional(Type.String({ maxLength: 1024 })),
  hasLocalChanges: Type.Optional(Type.Boolean()),
  hasNonRemoteCommits: Type.Optional(Type.Boolean()),
  modelUsed: Type.Optional(Type.Object({ id: Type.String({ maxLength: 256 }), reasoningEffort: StringEnum(['low', 'medium', 'high', 'off']) }, { additionalProperties: false })),
  agentVersion: Type.Optional(Type.String({ maxLength: 256 })),
};

export const ReadinessReportInput = Type.Object(readinessReportFields, { $id: 'ReadinessReportInput', additionalProperties: false });

export const ReadinessReport = Type.Object(
  {
    reportId: Type.String({ format: 'uuid' }),
    createdAt: UnixMillis,
    repoId: Type.String({ description: 'repoUrl normalized to host/owner/name' }),
    ...readinessReportFields,
  },
  { $id: 'ReadinessReport' },
);

export function reportView(record: ReadinessReportRecord): Static<typeof ReadinessReport> {
  return { reportId: record.reportId, createdAt: record.createdAt, repoId: record.repoId, ...(record.body as Omit<Static<typeof ReadinessReport>, 'reportId' | 'createdAt' | 'repoId'>) };
}

/**
 * An uploaded report as it is stored, or 400: a count of passing sub-applications cannot exceed
 * the count evaluated, and repoUrl must name a repository. The one rule of both uploads, a
 * member's (POST /api/organization/maturity-level-reports) and a computer's (docs/readiness.md).
 */
export function reportRecordOf(input: Static<typeof ReadinessReportInput>, createdAt: number): ReadinessReportRecord {
  const errors: FieldError[] = Object.entries(input.report)
    .filter(([, criterion]) => criterion.numerator !== null && criterion.numerator > criterion.denominator)
    .map(([id]) => ({ path: `body/report/${id}/numerator`, message: 'must be at most denominator' }));
  if (errors.length > 0) throw invalidInput('a criterion numerator exceeds its denominator', errors);
  const repoId = repoIdOf(input.repoUrl);
  if (repoId === undefined) throw invalidInput('repoUrl names no repository (expected host/owner/name as https, ssh or git@host:owner/name)', [{ path: 'body/repoUrl', message: 'not a repository URL' }]);
  return { reportId: randomUUID(), repoId, createdAt, body: input };
}

// ---- readiness on computers (docs/readiness.md, "Every repository, every night") ----------------

const Time = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const ReadinessRepository = Type.Object(
  {
    id: Type.Union([Type.String(), Type.Null()], { description: 'The listed entry; null for a repository evaluated by default (the list is empty)' }),
    repoId: Type.String({ description: 'host/owner/name' }),
    cloneUrl: Type.String({ description: 'What the computer clones' }),
    source: StringEnum(['listed', 'telemetry', 'git-host'], { description: 'listed: on the organization\'s list; else named by telemetry or a git host' }),
    createdAt: Time,
    lastEvaluation: Type.Union([Type.Ref('ReadinessEvaluation'), Type.Null()]),
  },
  { $id: 'ReadinessRepository' },
);

export const ReadinessEvaluation = Type.Object(
  {
    id: Type.String(),
    repoId: Type.String(),
    cloneUrl: Type.String(),
    trigger: StringEnum(EVALUATION_TRIGGERS),
    status: StringEnum(EVALUATION_STATUSES, { description: 'queued, running (on computerId), succeeded (reportId), failed (error)' }),
    attempts: Type.Integer({ minimum: 0, description: `Tries so far, at most ${MAX_ATTEMPTS}` }),
    computerId: Type.Union([Type.String(), Type.Null()], { description: 'The computer of the last try' }),
    queuedAt: Type.String({ format: 'date-time' }),
    notBefore: Type.String({ format: 'date-time', description: 'A queued evaluation waits until then (a retry\'s wait)' }),
    startedAt: Time,
    finishedAt: Time,
    error: Type.Union([Type.String(), Type.Null()], { description: 'Why the last try failed (kept while a retry waits)' }),
    reportId: Type.Union([Type.String(), Type.Null()], { description: 'The report it uploaded' }),
  },
  { $id: 'ReadinessEvaluation' },
);

const iso = (date: Date | null) => date && date.toISOString();

export function evaluationView(record: EvaluationRecord): Static<typeof ReadinessEvaluation> {
  return {
    id: record.id,
    repoId: record.repoId,
    cloneUrl: record.cloneUrl,
    trigger: record.trigger,
    status: record.status,
    attempts: record.attempts,
    computerId: record.computerId,
    queuedAt: record.queuedAt.toISOString(),
    notBefore: record.notBefore.toISOString(),
    startedAt: iso(record.startedAt),
    finishedAt: iso(record.finishedAt),
    error: record.error,
    reportId: record.reportId,
  };
}

export function evaluatedRepositoryView(repository: EvaluatedRepository, last: EvaluationRecord | undefined): Static<typeof ReadinessRepository> {
  return { ...repository, createdAt: iso(repository.createdAt), lastEvaluation: last ? evaluationView(last) : null } as Static<typeof ReadinessRepository>;
}
