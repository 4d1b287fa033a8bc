import type { AnalyticsOutcomesRow } from '../../../../src/sdk/client.js';

// The Impact view's figures over a range, from /outcomes' daily rows (docs/outcomes.md): counts
// and money add up over the days; the API answers a median per day, not per range, so the range's
// time to merge is the median of the days' medians (each day with merges counting once), and so
// are its p90 and the time to first review: the median of the days' figures.

/** A day's row of /outcomes, grouped or not. */
export type OutcomeRow = AnalyticsOutcomesRow;

export interface OutcomeFigures {
  key: string;
  label: string;
  merged: number;
  mergedAgentAssisted: number;
  /** Share of the merged pull requests that are agent-assisted; null when none was merged. */
  agentShare: number | null;
  mergedCost: number;
  costPerMerged: number | null;
  minutesToMergeAgentAssisted: number | null;
  minutesToMergeNone: number | null;
  p90ToMergeAgentAssisted: number | null;
  p90ToMergeNone: number | null;
  minutesToReviewAgentAssisted: number | null;
  minutesToReviewNone: number | null;
  p90ToReviewAgentAssisted: number | null;
  p90ToReviewNone: number | null;
  /** Of the agent-assisted pull requests that ended (merged or closed unmerged), the share merged; null when none ended. */
  mergeRateAgentAssisted: number | null;
  closedUnmerged: number;
  reverted: number;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const known = (values: (number | null)[]) => values.filter((value): value is number => value !== null);

function figuresOf(key: string, label: string, rows: readonly OutcomeRow[]): OutcomeFigures {
  const sum = (field: (row: OutcomeRow) => number) => rows.reduce((total, row) => total + field(row), 0);
  const merged = sum((row) => row.pull_requests_merged);
  const mergedAgentAssisted = sum((row) => row.pull_requests_merged_agent_assisted);
  const mergedCost = sum((row) => row.merged_cost);
  const closedAgentAssisted = sum((row) => row.pull_requests_closed_unmerged_agent_assisted);
  const middle = (field: (row: OutcomeRow) => number | null) => median(known(rows.map(field)));
  return {
    key,
    label,
    merged,
    mergedAgentAssisted,
    agentShare: merged === 0 ? null : mergedAgentAssisted / merged,
    mergedCost,
    costPerMerged: merged === 0 ? null : mergedCost / merged,
    minutesToMergeAgentAssisted: middle((row) => row.median_minutes_to_merge_agent_assisted),
    minutesToMergeNone: middle((row) => row.median_minutes_to_merge_none),
    p90ToMergeAgentAssisted: middle((row) => row.p90_minutes_to_merge_agent_assisted),
    p90ToMergeNone: middle((row) => row.p90_minutes_to_merge_none),
    minutesToReviewAgentAssisted: middle((row) => row.median_minutes_to_first_review_agent_assisted),
    minutesToReviewNone: middle((row) => row.median_minutes_to_first_review_none),
    p90ToReviewAgentAssisted: middle((row) => row.p90_minutes_to_first_review_agent_assisted),
    p90ToReviewNone: middle((row) => row.p90_minutes_to_first_review_none),
    mergeRateAgentAssisted: mergedAgentAssisted + closedAgentAssisted === 0 ? null : mergedAgentAssisted / (mergedAgentAssisted + closedAgentAssisted),
    closedUnmerged: sum((row) => row.pull_requests_closed_unmerged),
    reverted: sum((row) => row.pull_requests_reverted),
  };
}

/** The whole range's figures of ungrouped rows. */
export function rangeFigures(rows: readonly OutcomeRow[]): OutcomeFigures {
  return figuresOf('all', 'All', rows);
}

const teamNameOf = (row: OutcomeRow) => ('team_name' in row ? row.team_name : undefined);

/** Each group's figures over the range (teams by name), most merged first. */
export function groupFigures(rows: readonly OutcomeRow[]): OutcomeFigures[] {
  const groups = new Map<string, OutcomeRow[]>();
  for (const row of rows) {
    const key = 'group_key' in row ? row.group_key : '';
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(row);
  }
  return [...groups].map(([key, own]) => figuresOf(key, teamNameOf(own[0]!) ?? key, own)).sort((a, b) => b.merged - a.merged || a.label.localeCompare(b.label));
}

/** Minutes for people: 45 min, 3.5 h, 2.1 days. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < 60) return `${Math.round(minutes)} min`;
  if (minutes < 48 * 60) return `${(minutes / 60).toFixed(1)} h`;
  return `${(minutes / 1440).toFixed(1)} days`;
}
