import type { Static } from '@sinclair/typebox';
import type { ReadinessReport } from '../../../http/schemas.js';
import type { ReadinessReportRecord } from '../../../repositories/readiness-reports.js';

export function reportView(record: ReadinessReportRecord): Static<typeof ReadinessReport> {
  return { reportId: record.reportId, createdAt: record.createdAt, repoId: record.repoId, ...(record.body as Omit<Static<typeof ReadinessReport>, 'reportId' | 'createdAt' | 'repoId'>) };
}
