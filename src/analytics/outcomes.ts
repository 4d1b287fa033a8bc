import { Type, type Static } from '@sinclair/typebox';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/store.js';
import type { AgentEvidenceColumn } from '../db/tables/outcomes.js';
import { strongestAttribution, type Attribution } from '../domain/agent-attribution.js';
import { addDays, dayOf, daysFrom, type DayRange } from '../domain/dates.js';
import type { PullRequestFacts } from '../domain/git-facts.js';
import { fromMicroCredits } from '../domain/micro-credits.js';
import { costMicros, type PriceBook } from '../domain/prices.js';
import { NO_GROUP, percentile, roundRatio } from './assemble.js';
import { byteOrder } from './order.js';

// GET /api/v1/analytics/outcomes (docs/outcomes.md): what the agents produced, per UTC day, from
// the pull requests and commits that the connected git hosts delivered. Computed at read time from
// those tables (they are small next to telemetry, and a late delivery changes past days at once):
// no rollup. A pull request belongs to the day of its merge, or, closed unmerged, of its close.

export const OUTCOME_GROUPS = ['repository', 'team', 'agent', 'user'] as const;
export type OutcomeGroup = (typeof OUTCOME_GROUPS)[number];

const Count = Type.Integer({ minimum: 0 });
const Minutes = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });
const Ratio = (description: string) => Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], { description });

const figures = {
  pull_requests_merged: Count,
  pull_requests_merged_agent_assisted: Type.Integer({ minimum: 0, description: 'Merged pull requests with any agent evidence (agent-authored ones included)' }),
  pull_requests_merged_agent_authored: Count,
  pull_requests_closed_unmerged: Count,
  pull_requests_reverted: Type.Integer({ minimum: 0, description: 'Of the merged ones, those reverted within 30 days of their merge' }),
  merged_lines_added: Type.Integer({ minimum: 0, description: 'Lines the merged pull requests added, where the host reports them (GitHub)' }),
  merged_lines_removed: Count,
  merged_lines_added_agent_assisted: Count,
  merged_lines_removed_agent_assisted: Count,
  median_minutes_to_merge: Minutes('From the first commit to the merge, over merged pull requests with a known commit; null when none'),
  median_minutes_to_merge_agent_assisted: Minutes('The same, agent-assisted pull requests only'),
  median_minutes_to_merge_none: Minutes('The same, pull requests without agent evidence only'),
  merged_cost: Type.Number({ description: "The agent usage that led to the merged pull requests, at the organization's prices, in meta.currency (docs/outcomes.md)" }),
  cost_per_merged_pull_request: Type.Union([Type.Number(), Type.Null()], { description: 'merged_cost / pull_requests_merged; null when none was merged' }),
  unpriced_models: Type.Array(Type.String(), { description: 'Models of that usage without a price (left out of the cost)' }),
  p90_minutes_to_merge: Minutes('From the first commit to the merge, 90th percentile (interpolated); null when no merged pull request has a known commit'),
  p90_minutes_to_merge_agent_assisted: Minutes('The same, agent-assisted pull requests only'),
  p90_minutes_to_merge_none: Minutes('The same, pull requests without agent evidence only'),
  median_minutes_to_first_review: Minutes("From the opening to the first review by someone other than the author (GitHub) or the first approval (GitLab), over the day's pull requests reviewed before their merge or close; null when none"),
  median_minutes_to_first_review_agent_assisted: Minutes('The same, agent-assisted pull requests only'),
  median_minutes_to_first_review_none: Minutes('The same, pull requests without agent evidence only'),
  p90_minutes_to_first_review: Minutes('From the opening to the first review, 90th percentile (interpolated); null when none'),
  p90_minutes_to_first_review_agent_assisted: Minutes('The same, agent-assisted pull requests only'),
  p90_minutes_to_first_review_none: Minutes('The same, pull requests without agent evidence only'),
  pull_requests_closed_unmerged_agent_assisted: Type.Integer({ minimum: 0, description: 'Of the pull requests closed unmerged, those with any agent evidence' }),
  merge_rate: Ratio('Merged / (merged + closed unmerged) that day; null when none ended'),
  merge_rate_agent_assisted: Ratio('The same, agent-assisted pull requests only'),
  merge_rate_none: Ratio('The same, pull requests without agent evidence only'),
  merged_credits: Type.Number({ description: 'The Standard Credits of the same usage' }),
  credits_per_merged_pull_request: Type.Union([Type.Number(), Type.Null()], { description: 'merged_credits / pull_requests_merged, to a micro-credit; null when none was merged' }),
};

const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD (UTC)' });
export const OutcomeRow = Type.Object({ date: Day, ...figures });
export const OutcomeGroupRow = Type.Object({ date: Day, group_key: Type.String(), ...figures });
export const OutcomeTeamRow = Type.Object({ date: Day, group_key: Type.String(), team_name: Type.String({ description: 'The team name now (group_key is its id)' }), ...figures });
type Figures = Static<typeof OutcomeRow> extends infer R ? Omit<R, 'date'> : never;

/** A commit of a pull request, with the agent evidence it carries. */
export interface PullRequestCommit {
  sha: string;
  authorName: string;
  authorEmail: string;
  authoredAt: Date;
  attribution: Attribution;
  agents: AgentEvidenceColumn[];
}

/** A pull request as the figures and the pull request list see it. */
export interface PullRequestOutcome extends Pick<PullRequestFacts, 'repository' | 'number' | 'url' | 'authorLogin' | 'headBranch' | 'openedAt' | 'firstReviewAt' | 'mergedAt'> {
  gitHostId: string;
  /** When closed unmerged and not reopened since; null otherwise. */
  closedAt: Date | null;
  /** The day it counts on: its merge's, or its close's; null while open. */
  day: string | null;
  merged: boolean;
  attribution: Attribution;
  agents: string[];
  commits: PullRequestCommit[];
  userIds: string[];
  teamIds: string[];
  linesAdded: number;
  linesRemoved: number;
  minutesToMerge: number | null;
  minutesToFirstReview: number | null;
  reverted: boolean;
  /** The agent usage that led to it, in micro-units of the currency (0 until addCosts, and when none is known). */
  costMicros: number;
  /** The same usage's Standard Credits, in micro-credits. */
  creditsMicros: number;
  unpricedModels: string[];
}

const REVERT_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

type PullRequestRow = {
  git_host_id: string;
  repository: string;
  number: number;
  url: string | null;
  author_login: string | null;
  head_branch: string | null;
  opened_at: Date | null;
  first_review_at: Date | null;
  merged_at: Date | null;
  closed_at: Date | null;
  reopened_at: Date | null;
  merge_commit_sha: string | null;
  additions: number | null;
  deletions: number | null;
};
type CommitRow = { git_host_id: string; repository: string; number: number; sha: string; author_name: string; author_email: string; authored_at: Date; attribution: Attribution; agents: AgentEvidenceColumn[] };
type RevertRow = { git_host_id: string; repository: string; reverts_sha: string | null; reverts_number: number | null; at: Date };

const prKey = (row: { git_host_id: string; repository: string; number: number }) => `${row.git_host_id}\n${row.repository}\n${row.number}`;

/** Closed without a merge and not reopened since (a pull request of alias `p`). */
export const CLOSED_UNMERGED = sql`(p.merged_at IS NULL AND p.closed_at IS NOT NULL AND (p.reopened_at IS NULL OR p.closed_at > p.reopened_at))`;

/** The pull requests merged, or closed unmerged, on the range's days, with their commits' evidence and their cost. */
export async function pullRequestOutcomes(db: Db, organizationId: string, range: DayRange, prices: PriceBook): Promise<PullRequestOutcome[]> {
  if (range.from > range.end) return [];
  const from = new Date(`${range.from}T00:00:00Z`);
  const until = new Date(`${addDays(range.end, 1)}T00:00:00Z`);
  const pulls = await loadPullRequests(
    db,
    organizationId,
    sql`((p.merged_at >= ${from} AND p.merged_at < ${until}) OR (${CLOSED_UNMERGED} AND p.closed_at >= ${from} AND p.closed_at < ${until}))`,
  );
  await addCosts(db, organizationId, pulls, prices);
  return pulls;
}

/**
 * The organization's pull requests that `where` (a condition on alias `p`, git_pull_requests)
 * selects, with their commits, evidence, people and times; their cost is addCosts' work.
 */
export async function loadPullRequests(db: Db, organizationId: string, where: RawBuilder<unknown>): Promise<PullRequestOutcome[]> {
  const selected = sql`p.organization_id = ${organizationId} AND ${where}`;
  const pulls = (await sql<PullRequestRow>`
    SELECT p.git_host_id, p.repository, p.number, p.url, p.author_login, p.head_branch, p.opened_at, p.first_review_at,
      p.merged_at, p.closed_at, p.reopened_at, p.merge_commit_sha, p.additions, p.deletions
    FROM git_pull_requests p WHERE ${selected}`.execute(db)).rows;
  if (pulls.length === 0) return [];
  // A pull request's commits: the commits pushed to its head branch up to its merge or close (all
  // of them while open), and its merge (or squash) commit; each found by key, not by scanning the
  // repository's commits.
  const commitColumns = sql`p.git_host_id, p.repository, p.number, c.sha, c.author_name, c.author_email, c.authored_at, c.attribution, c.agents`;
  const commits = (await sql<CommitRow>`
    SELECT ${commitColumns}
    FROM git_pull_requests p
    JOIN git_branch_commits b ON b.git_host_id = p.git_host_id AND b.repository = p.repository AND b.branch = p.head_branch
    JOIN git_commits c ON c.git_host_id = b.git_host_id AND c.repository = b.repository AND c.sha = b.sha
    WHERE ${selected} AND (coalesce(p.merged_at, p.closed_at) IS NULL OR c.authored_at <= coalesce(p.merged_at, p.closed_at))
    UNION
    SELECT ${commitColumns}
    FROM git_pull_requests p
    JOIN git_commits c ON c.git_host_id = p.git_host_id AND c.repository = p.repository AND c.sha = p.merge_commit_sha
    WHERE ${selected}`.execute(db)).rows;
  // What reverts them: revert commits naming one of their SHAs, and revert pull requests naming their number.
  const reverts = (await sql<RevertRow>`
    SELECT c.git_host_id, c.repository, c.reverts_sha, NULL::integer AS reverts_number, c.authored_at AS at
    FROM git_commits c WHERE c.organization_id = ${organizationId} AND c.reverts_sha IS NOT NULL
    UNION ALL
    SELECT q.git_host_id, q.repository, NULL, q.reverts_number, q.merged_at
    FROM git_pull_requests q WHERE q.organization_id = ${organizationId} AND q.reverts_number IS NOT NULL AND q.merged_at IS NOT NULL`.execute(db)).rows;
  const members = await memberTeams(db, organizationId);

  const commitsOf = new Map<string, CommitRow[]>();
  for (const commit of commits) (commitsOf.get(prKey(commit)) ?? commitsOf.set(prKey(commit), []).get(prKey(commit))!).push(commit);
  return pulls.map((pull) => {
    const own = (commitsOf.get(prKey(pull)) ?? []).sort((a, b) => a.authored_at.getTime() - b.authored_at.getTime() || byteOrder(a.sha, b.sha));
    const agents = new Set(own.flatMap((commit) => commit.agents.map((item) => item.agent)));
    // Its people: the members who authored its commits (commits an agent authored name no person).
    const userIds = new Set(own.filter((commit) => !commit.agents.some((item) => item.via === 'author')).flatMap((commit) => members.userOf.get(commit.author_email.toLowerCase()) ?? []));
    const teamIds = new Set([...userIds].flatMap((userId) => members.teamsOf.get(userId) ?? []));
    const shas = new Set(own.map((commit) => commit.sha));
    const mergedAt = pull.merged_at;
    const closedAt = mergedAt === null && pull.closed_at !== null && (pull.reopened_at === null || pull.closed_at > pull.reopened_at) ? pull.closed_at : null;
    const firstCommit = own[0]?.authored_at.getTime();
    const withinWindow = (at: Date) => mergedAt !== null && at >= mergedAt && at.getTime() <= mergedAt.getTime() + REVERT_WINDOW_DAYS * DAY_MS;
    const reverted = reverts.some(
      (revert) =>
        revert.git_host_id === pull.git_host_id &&
        revert.repository === pull.repository &&
        ((revert.reverts_sha !== null && shas.has(revert.reverts_sha)) || revert.reverts_number === pull.number) &&
        withinWindow(revert.at),
    );
    // A review counts when it came before the merge or close: one after it gated nothing.
    const ended = mergedAt ?? closedAt;
    const reviewed = pull.opened_at !== null && pull.first_review_at !== null && (ended === null || pull.first_review_at <= ended);
    return {
      gitHostId: pull.git_host_id,
      repository: pull.repository,
      number: pull.number,
      url: pull.url,
      authorLogin: pull.author_login,
      headBranch: pull.head_branch,
      openedAt: pull.opened_at,
      firstReviewAt: pull.first_review_at,
      mergedAt,
      closedAt,
      day: ended === null ? null : dayOf(ended),
      merged: mergedAt !== null,
      attribution: strongestAttribution(own.map((commit) => commit.attribution)),
      agents: [...agents].sort(byteOrder),
      commits: own.map((commit) => ({ sha: commit.sha, authorName: commit.author_name, authorEmail: commit.author_email, authoredAt: commit.authored_at, attribution: commit.attribution, agents: commit.agents })),
      userIds: [...userIds].sort(byteOrder),
      teamIds: [...teamIds].sort(byteOrder),
      linesAdded: pull.additions ?? 0,
      linesRemoved: pull.deletions ?? 0,
      minutesToMerge: mergedAt !== null && firstCommit !== undefined ? Math.max(0, mergedAt.getTime() - firstCommit) / 60_000 : null,
      minutesToFirstReview: reviewed ? Math.max(0, pull.first_review_at!.getTime() - pull.opened_at!.getTime()) / 60_000 : null,
      reverted,
      costMicros: 0,
      creditsMicros: 0,
      unpricedModels: [] as string[],
    };
  });
}

type TokenSums = { k: string; model_id: string; input: number; output: number; cache_read: number; cache_write: number; credits_micros: number };

/**
 * The cost of each merged pull request: its members' model calls in its repository between its
 * first commit and its merge, at the organization's prices, each model's tokens priced once per
 * pull request, and the same calls' Standard Credits. One query for all of them, over the days
 * each window covers.
 */
export async function addCosts(db: Db, organizationId: string, pulls: PullRequestOutcome[], prices: PriceBook): Promise<void> {
  const windows = pulls.flatMap((pull, index) => {
    const from = pull.commits[0]?.authoredAt;
    const to = pull.mergedAt;
    if (!from || !to) return [];
    return pull.userIds.map((userId) => ({ k: String(index), repository: pull.repository, user_id: userId, from_at: from.toISOString(), to_at: to.toISOString(), from_day: dayOf(from), to_day: dayOf(to) }));
  });
  if (windows.length === 0) return;
  const sums = (await sql<TokenSums>`
    SELECT w.k, e.model_id,
      sum(e.input_tokens)::float8 AS input, sum(e.output_tokens)::float8 AS output,
      sum(e.cache_read_tokens)::float8 AS cache_read, sum(e.cache_write_tokens)::float8 AS cache_write,
      (coalesce(sum(e.credits), 0) * 1000000)::float8 AS credits_micros
    FROM jsonb_to_recordset(${JSON.stringify(windows)}::jsonb) AS w(k text, repository text, user_id text, from_at timestamptz, to_at timestamptz, from_day date, to_day date)
    JOIN telemetry_events e ON e.organization_id = ${organizationId} AND e.day BETWEEN w.from_day AND w.to_day
      AND e.user_id = w.user_id AND e.repository = w.repository AND e.occurred_at BETWEEN w.from_at AND w.to_at
    WHERE e.type = 'model_call'
    GROUP BY w.k, e.model_id`.execute(db)).rows;
  for (const row of sums) {
    const pull = pulls[Number(row.k)]!;
    pull.creditsMicros += Math.round(row.credits_micros);
    const priced = prices.priceOf(row.model_id);
    if (!priced) pull.unpricedModels = [...new Set([...pull.unpricedModels, row.model_id])].sort(byteOrder);
    else pull.costMicros += costMicros({ input: row.input, output: row.output, cacheRead: row.cache_read, cacheWrite: row.cache_write }, priced.price, prices.settings.discount);
  }
}

/** Members by e-mail (lower case), and each member's teams now. */
async function memberTeams(db: Db, organizationId: string) {
  const users = await db.selectFrom('users').select(['id', 'email']).where('organization_id', '=', organizationId).execute();
  const teams = await db.selectFrom('team_members').select(['user_id', 'team_id']).where('organization_id', '=', organizationId).execute();
  const teamsOf = new Map<string, string[]>();
  for (const row of teams) (teamsOf.get(row.user_id) ?? teamsOf.set(row.user_id, []).get(row.user_id)!).push(row.team_id);
  return { userOf: new Map(users.map((user) => [user.email.toLowerCase(), user.id])), teamsOf };
}

const percentileOrNull = (values: number[], p: number) => (values.length === 0 ? null : percentile(values, p));
const rateOrNull = (merged: number, ended: number) => (ended === 0 ? null : roundRatio(merged / ended));

/** The figures of some pull requests (those of one day, or of one group on one day). */
export function outcomeFigures(pulls: readonly PullRequestOutcome[]): Figures {
  const merged = pulls.filter((pull) => pull.merged);
  const assisted = merged.filter((pull) => pull.attribution !== 'none');
  const unassisted = merged.filter((pull) => pull.attribution === 'none');
  const closed = pulls.filter((pull) => !pull.merged);
  const closedAssisted = closed.filter((pull) => pull.attribution !== 'none').length;
  const sum = (items: PullRequestOutcome[], value: (pull: PullRequestOutcome) => number) => items.reduce((total, pull) => total + value(pull), 0);
  const known = (items: readonly PullRequestOutcome[], value: (pull: PullRequestOutcome) => number | null) => items.flatMap((pull) => value(pull) ?? []);
  const toMerge = (items: PullRequestOutcome[]) => known(items, (pull) => pull.minutesToMerge);
  // Time to first review: every pull request of the day, merged or closed unmerged, reviewed before it ended.
  const toReview = (assistedOnes?: boolean) => known(assistedOnes === undefined ? pulls : pulls.filter((pull) => (pull.attribution !== 'none') === assistedOnes), (pull) => pull.minutesToFirstReview);
  const cost = sum(merged, (pull) => pull.costMicros);
  const credits = sum(merged, (pull) => pull.creditsMicros);
  return {
    pull_requests_merged: merged.length,
    pull_requests_merged_agent_assisted: assisted.length,
    pull_requests_merged_agent_authored: merged.filter((pull) => pull.attribution === 'agent-authored').length,
    pull_requests_closed_unmerged: closed.length,
    pull_requests_reverted: merged.filter((pull) => pull.reverted).length,
    merged_lines_added: sum(merged, (pull) => pull.linesAdded),
    merged_lines_removed: sum(merged, (pull) => pull.linesRemoved),
    merged_lines_added_agent_assisted: sum(assisted, (pull) => pull.linesAdded),
    merged_lines_removed_agent_assisted: sum(assisted, (pull) => pull.linesRemoved),
    median_minutes_to_merge: percentileOrNull(toMerge(merged), 0.5),
    median_minutes_to_merge_agent_assisted: percentileOrNull(toMerge(assisted), 0.5),
    median_minutes_to_merge_none: percentileOrNull(toMerge(unassisted), 0.5),
    merged_cost: fromMicroCredits(cost),
    cost_per_merged_pull_request: merged.length === 0 ? null : fromMicroCredits(Math.round(cost / merged.length)),
    unpriced_models: [...new Set(merged.flatMap((pull) => pull.unpricedModels))].sort(byteOrder),
    p90_minutes_to_merge: percentileOrNull(toMerge(merged), 0.9),
    p90_minutes_to_merge_agent_assisted: percentileOrNull(toMerge(assisted), 0.9),
    p90_minutes_to_merge_none: percentileOrNull(toMerge(unassisted), 0.9),
    median_minutes_to_first_review: percentileOrNull(toReview(), 0.5),
    median_minutes_to_first_review_agent_assisted: percentileOrNull(toReview(true), 0.5),
    median_minutes_to_first_review_none: percentileOrNull(toReview(false), 0.5),
    p90_minutes_to_first_review: percentileOrNull(toReview(), 0.9),
    p90_minutes_to_first_review_agent_assisted: percentileOrNull(toReview(true), 0.9),
    p90_minutes_to_first_review_none: percentileOrNull(toReview(false), 0.9),
    pull_requests_closed_unmerged_agent_assisted: closedAssisted,
    merge_rate: rateOrNull(merged.length, pulls.length),
    merge_rate_agent_assisted: rateOrNull(assisted.length, assisted.length + closedAssisted),
    merge_rate_none: rateOrNull(unassisted.length, unassisted.length + closed.length - closedAssisted),
    merged_credits: fromMicroCredits(credits),
    credits_per_merged_pull_request: merged.length === 0 ? null : fromMicroCredits(Math.round(credits / merged.length)),
  };
}

/** The groups a pull request counts in: one for its repository, each of its agents, people and teams. */
function groupsOf(pull: PullRequestOutcome, groupBy: OutcomeGroup): string[] {
  if (groupBy === 'repository') return [pull.repository];
  if (groupBy === 'agent') return pull.agents.length > 0 ? pull.agents : [NO_GROUP];
  if (groupBy === 'user') return pull.userIds.length > 0 ? pull.userIds : [NO_GROUP];
  return pull.teamIds;
}

/**
 * One row per day of the range (zeros on a day without pull requests), or with `groupBy`, one row
 * per day and group present that day, ordered by date, then group_key (byte order).
 */
export async function outcomeRows(db: Db, organizationId: string, range: DayRange, prices: PriceBook, groupBy?: OutcomeGroup) {
  const pulls = await pullRequestOutcomes(db, organizationId, range, prices);
  const byDay = new Map<string, PullRequestOutcome[]>();
  for (const pull of pulls) (byDay.get(pull.day!) ?? byDay.set(pull.day!, []).get(pull.day!)!).push(pull);
  if (groupBy === undefined) return daysFrom(range.from, range.end).map((date) => ({ date, ...outcomeFigures(byDay.get(date) ?? []) }));
  const teamNames =
    groupBy === 'team' ? new Map((await db.selectFrom('teams').select(['id', 'name']).where('organization_id', '=', organizationId).execute()).map((team) => [team.id, team.name])) : undefined;
  return [...byDay.keys()].sort(byteOrder).flatMap((date) => {
    const byGroup = new Map<string, PullRequestOutcome[]>();
    for (const pull of byDay.get(date)!) for (const key of groupsOf(pull, groupBy)) (byGroup.get(key) ?? byGroup.set(key, []).get(key)!).push(pull);
    return [...byGroup.keys()].sort(byteOrder).map((key) => ({ date, group_key: key, ...(teamNames && { team_name: teamNames.get(key) ?? '' }), ...outcomeFigures(byGroup.get(key)!) }));
  });
}
