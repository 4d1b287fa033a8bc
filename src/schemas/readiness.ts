import { Type, type Static } from '@sinclair/typebox';
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
