import { readinessLevel, READINESS_CRITERIA, type CriterionId, type ReadinessLevel } from '../../../../src/sdk/readiness-levels';
import type { ReadinessReport } from '../../api/useReadiness';
import { scoreOf } from './score';

// The organization's readiness from its repositories' reports (docs/readiness.md, "Console"):
// each repository's level is that of its latest report (the SDK's rule, as the evaluator prints
// it); the organization's score is the mean level; the trend takes, at the end of each week,
// every repository's latest report by then.

export interface RepositoryReadiness {
  repoId: string;
  /** Oldest first. */
  history: ReadinessReport[];
  latest: ReadinessReport;
  level: ReadinessLevel;
}

export function repositoriesOf(reports: readonly ReadinessReport[]): RepositoryReadiness[] {
  const byRepo = new Map<string, ReadinessReport[]>();
  for (const report of reports) byRepo.set(report.repoId, [...(byRepo.get(report.repoId) ?? []), report]);
  return [...byRepo.entries()]
    .map(([repoId, list]) => {
      const history = [...list].sort((a, b) => a.createdAt - b.createdAt || (a.reportId < b.reportId ? -1 : 1));
      const latest = history[history.length - 1]!;
      return { repoId, history, latest, level: readinessLevel(latest.report) };
    })
    // The least ready first: by level, then by the share of criteria passed.
    .sort((a, b) => a.level.level - b.level.level || scoreOf(a.latest).ratio - scoreOf(b.latest).ratio || (a.repoId < b.repoId ? -1 : 1));
}

export function averageLevel(repositories: readonly RepositoryReadiness[]): number {
  return repositories.length === 0 ? 0 : repositories.reduce((sum, repository) => sum + repository.level.level, 0) / repositories.length;
}

/** How many repositories are at each level, 0 to 5. */
export function byLevel(repositories: readonly RepositoryReadiness[]): number[] {
  const counts = [0, 0, 0, 0, 0, 0];
  for (const repository of repositories) counts[repository.level.level]! += 1;
  return counts;
}

const WEEK_MS = 7 * 86_400_000;

/** The mean level at the end of each week (UTC days) from the first report to `now`; at most `weeks` points. */
export function weeklyTrend(repositories: readonly RepositoryReadiness[], now: number, weeks = 26): { date: string; level: number }[] {
  const first = Math.min(...repositories.map((repository) => repository.history[0]!.createdAt));
  if (!Number.isFinite(first)) return [];
  const points: { date: string; level: number }[] = [];
  for (let end = now, i = 0; end >= first && i < weeks; end -= WEEK_MS, i++) {
    const levels = repositories
      .map((repository) => [...repository.history].reverse().find((report) => report.createdAt <= end))
      .filter((report): report is ReadinessReport => report !== undefined)
      .map((report) => readinessLevel(report.report).level);
    if (levels.length > 0) points.push({ date: new Date(end).toISOString().slice(0, 10), level: Math.round((levels.reduce((a, b) => a + b, 0) / levels.length) * 100) / 100 });
  }
  return points.reverse();
}

export interface Blocker {
  id: string;
  title: string;
  level: number;
  /** The repositories whose next level this criterion fails. */
  repoIds: string[];
}

/** The failing criteria that hold repositories below their next level, most repositories first, then by level and id. */
export function blockers(repositories: readonly RepositoryReadiness[]): Blocker[] {
  const byId = new Map<string, string[]>();
  for (const repository of repositories) for (const id of repository.level.next?.failing ?? []) byId.set(id, [...(byId.get(id) ?? []), repository.repoId]);
  return [...byId.entries()]
    .map(([id, repoIds]) => ({ id, repoIds, ...titleOf(id) }))
    .sort((a, b) => b.repoIds.length - a.repoIds.length || a.level - b.level || (a.id < b.id ? -1 : 1));
}

/** A criterion's name from docs/readiness.md (an id the catalogue does not know shows as itself). */
export function titleOf(id: string): { title: string; level: number } {
  const info = READINESS_CRITERIA[id as CriterionId];
  return info ? { title: info.title, level: info.level } : { title: id, level: 0 };
}
