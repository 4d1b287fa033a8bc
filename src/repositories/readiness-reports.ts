import { sql } from 'kysely';
import type { Db } from '../db/store.js';

// Readiness reports of an organization (decisions.md §5), listed newest first.

export interface ReadinessReportRecord {
  reportId: string;
  repoId: string;
  createdAt: number;
  /** The report as uploaded (without reportId, createdAt, repoId). */
  body: Record<string, unknown>;
}

export async function insertReport(db: Db, organizationId: string, report: ReadinessReportRecord): Promise<void> {
  await insertReports(db, organizationId, [report]);
}

/** Several reports in one statement (a history written at once). */
export async function insertReports(db: Db, organizationId: string, reports: readonly ReadinessReportRecord[]): Promise<void> {
  if (reports.length === 0) return;
  await db
    .insertInto('readiness_reports')
    .values(reports.map((report) => ({ report_id: report.reportId, organization_id: organizationId, repo_id: report.repoId, created_at_ms: report.createdAt, body: JSON.stringify(report.body) })))
    .execute();
}

interface ListFilter {
  repoId: string | undefined;
}

/** The position of a report in the list, when it is a report of this organization within the filter. */
export async function findReportPosition(db: Db, organizationId: string, reportId: string, filter: ListFilter): Promise<{ createdAt: number; reportId: string } | undefined> {
  let query = db.selectFrom('readiness_reports').select(['created_at_ms', 'report_id']).where('organization_id', '=', organizationId).where('report_id', '=', reportId);
  if (filter.repoId !== undefined) query = query.where('repo_id', '=', filter.repoId);
  const row = await query.executeTakeFirst();
  return row && { createdAt: row.created_at_ms, reportId: row.report_id };
}

/** Reports by createdAt descending, then reportId descending; those after `after` when given. */
export async function listReports(
  db: Db,
  organizationId: string,
  filter: ListFilter,
  page: { after: { createdAt: number; reportId: string } | undefined; limit: number },
): Promise<ReadinessReportRecord[]> {
  let query = db.selectFrom('readiness_reports').select(['report_id', 'repo_id', 'created_at_ms', 'body']).where('organization_id', '=', organizationId);
  if (filter.repoId !== undefined) query = query.where('repo_id', '=', filter.repoId);
  if (page.after) query = query.where(sql<boolean>`(created_at_ms, report_id) < (${page.after.createdAt}, ${page.after.reportId}::uuid)`);
  const rows = await query.orderBy('created_at_ms', 'desc').orderBy('report_id', 'desc').limit(page.limit).execute();
  return rows.map((row) => ({ reportId: row.report_id, repoId: row.repo_id, createdAt: row.created_at_ms, body: row.body }));
}

export interface LatestReport {
  repoId: string;
  reportId: string;
  createdAt: number;
  /** The report's criteria (its `report` field). */
  criteria: Record<string, { numerator: number | null; denominator: number }>;
}

/** The newest report of each of these repositories that has one (one index scan each). */
export async function latestReports(db: Db, organizationId: string, repoIds: readonly string[]): Promise<LatestReport[]> {
  if (repoIds.length === 0) return [];
  const rows = await sql<{ repo_id: string; report_id: string; created_at_ms: string | number; criteria: LatestReport['criteria'] }>`
    SELECT latest.* FROM unnest(${repoIds}::text[]) AS repos (repo_id)
    CROSS JOIN LATERAL (
      SELECT repo_id, report_id, created_at_ms, body -> 'report' AS criteria FROM readiness_reports
      WHERE organization_id = ${organizationId} AND repo_id = repos.repo_id
      ORDER BY created_at_ms DESC, report_id DESC LIMIT 1
    ) latest`.execute(db);
  return rows.rows.map((row) => ({ repoId: row.repo_id, reportId: row.report_id, createdAt: Number(row.created_at_ms), criteria: row.criteria }));
}
