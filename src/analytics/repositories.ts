import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { Db } from '../db/store.js';
import type { DayRange } from '../domain/dates.js';
import { fromMicroCredits, toMicroCredits } from '../domain/micro-credits.js';
import { readinessScore } from '../sdk/readiness-score.js';
import { latestReports } from '../repositories/readiness-reports.js';
import { NO_GROUP, roundRatio, type RepositoryMembers } from './assemble.js';
import { byteOrder } from './order.js';
import { Cost, type AgentActivityRow, type AgentProductivityRow, type AgentTokenRow } from './schemas.js';

// The repositories of a range side by side (GET /api/v1/analytics/repositories): each
// repository's figures summed over the range from the days' group_by=repository rows, its distinct
// members from the days' member lists, and its latest readiness result (docs/repositories.md).
// Amounts are summed as whole micro-units (credits and costs carry 6 decimals), so they are exact.

const Num = Type.Number();
const OrNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const RepositoryRow = Type.Object({
  repository: Type.String({ description: 'The repository id, host/owner/name' }),
  billable_tokens: Num,
  input_tokens: Num,
  output_tokens: Num,
  cache_read_tokens: Num,
  cache_write_tokens: Num,
  ...Cost,
  active_members: Type.Integer({ description: 'Distinct members with any event in the repository over the range' }),
  sessions: Num,
  lines_added: Num,
  lines_removed: Num,
  git_commits: Num,
  git_prs_created: Num,
  readiness_report_id: OrNull(Type.String()),
  readiness_created_at: OrNull(Type.String({ format: 'date-time' })),
  readiness_criteria_passed: OrNull(Num),
  readiness_criteria_applicable: OrNull(Num),
  readiness_score: OrNull(Type.Number({ description: 'Passed share of the applicable criteria, 0 to 1' })),
});
export type RepositoryRow = Static<typeof RepositoryRow>;

interface StoredDay {
  tokens: AgentTokenRow[];
  activity: AgentActivityRow[];
  productivity: AgentProductivityRow[];
  members: RepositoryMembers[];
}

type Totals = Omit<RepositoryRow, 'active_members' | 'billable_tokens' | 'cost' | 'unpriced_models' | 'reported_cost_usd' | `readiness_${string}`> & {
  creditMicros: number;
  /** null once a day without costs is met (aggregated before prices existed; schemas.ts). */
  costMicros: number | null;
  unpriced: Set<string>;
  /** null while no day had a reported cost. */
  reportedMicros: number | null;
  members: Set<string>;
};

const emptyTotals = (repository: string): Totals => ({
  repository,
  creditMicros: 0,
  costMicros: 0,
  unpriced: new Set(),
  reportedMicros: null,
  input_tokens: 0,
  output_tokens: 0,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
  sessions: 0,
  lines_added: 0,
  lines_removed: 0,
  git_commits: 0,
  git_prs_created: 0,
  members: new Set(),
});

/**
 * One row per repository with any event in the range (events that name none are left out), by
 * cost descending, then Standard Credits descending (which orders repositories whose models have
 * no price), then repository id. A day not aggregated yet counts as a day without events. The
 * rollup's rows are read from `rollupReads` (read replicas, docs/read-replicas.md), the readiness
 * reports from `db`.
 */
export async function repositoryRows(rollupReads: Db, db: Db, organizationId: string, range: DayRange): Promise<RepositoryRow[]> {
  if (range.from > range.end) return [];
  const days = (await rollupReads
    .selectFrom('analytics_daily')
    .select(['tokens_by_repository as tokens', 'activity_by_repository as activity', 'productivity_by_repository as productivity', 'repository_members as members'])
    .where('organization_id', '=', organizationId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.end)
    .execute()) as StoredDay[];
  const byRepository = new Map<string, Totals>();
  const totalsOf = (repository: string) => byRepository.get(repository) ?? byRepository.set(repository, emptyTotals(repository)).get(repository)!;
  for (const day of days) {
    for (const row of day.tokens) {
      const totals = totalsOf(row.group_key);
      totals.creditMicros += toMicroCredits(row.billable_tokens);
      totals.costMicros = row.cost === undefined || totals.costMicros === null ? null : totals.costMicros + toMicroCredits(row.cost);
      for (const model of row.unpriced_models ?? []) totals.unpriced.add(model);
      if (row.reported_cost_usd != null) totals.reportedMicros = (totals.reportedMicros ?? 0) + toMicroCredits(row.reported_cost_usd);
      totals.input_tokens += row.input_tokens;
      totals.output_tokens += row.output_tokens;
      totals.cache_read_tokens += row.cache_read_tokens;
      totals.cache_write_tokens += row.cache_write_tokens;
    }
    for (const row of day.activity) totalsOf(row.group_key).sessions += row.sessions;
    for (const row of day.productivity) {
      const totals = totalsOf(row.group_key);
      totals.lines_added += row.lines_added;
      totals.lines_removed += row.lines_removed;
      totals.git_commits += row.git_commits;
      totals.git_prs_created += row.git_prs_created;
    }
    for (const { group_key, user_ids } of day.members) for (const userId of user_ids) totalsOf(group_key).members.add(userId);
  }
  byRepository.delete(NO_GROUP);
  const readiness = new Map((await latestReports(db, organizationId, [...byRepository.keys()])).map((report) => [report.repoId, report]));
  const rows = [...byRepository.values()].map(({ members, creditMicros, costMicros, unpriced, reportedMicros, ...totals }): RepositoryRow => {
    const report = readiness.get(totals.repository);
    const score = report && readinessScore(Object.values(report.criteria));
    return {
      ...totals,
      billable_tokens: fromMicroCredits(creditMicros),
      ...(costMicros !== null && { cost: fromMicroCredits(costMicros), unpriced_models: [...unpriced].sort(byteOrder) }),
      reported_cost_usd: reportedMicros === null ? null : fromMicroCredits(reportedMicros),
      active_members: members.size,
      readiness_report_id: report?.reportId ?? null,
      readiness_created_at: report ? new Date(report.createdAt).toISOString() : null,
      readiness_criteria_passed: score?.passed ?? null,
      readiness_criteria_applicable: score?.applicable ?? null,
      readiness_score: score ? roundRatio(score.ratio) : null,
    };
  });
  return rows.sort((a, b) => (b.cost ?? 0) - (a.cost ?? 0) || b.billable_tokens - a.billable_tokens || byteOrder(a.repository, b.repository));
}
