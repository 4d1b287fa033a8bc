import type { Static } from '@sinclair/typebox';
import type { PullRequestOutcome } from '../../../analytics/outcomes.js';
import { pullRequestId, stateOf } from '../../../analytics/pull-request-list.js';
import { fromMicroCredits } from '../../../domain/micro-credits.js';
import type { PullRequest } from '../../../schemas/index.js';

// A pull request as both endpoints answer it.

/** Stored evidence (`via`) as the API names it; a kind added later is passed through by its own name. */
const EVIDENCE_KINDS: Record<string, string> = { author: 'bot_author', 'co-author': 'trailer' };

export function pullRequestView(pull: PullRequestOutcome, currency: string): Static<typeof PullRequest> {
  const time = (value: Date | null) => value?.getTime() ?? null;
  return {
    id: pullRequestId(pull),
    gitHostId: pull.gitHostId,
    repository: pull.repository,
    number: pull.number,
    url: pull.url,
    authorLogin: pull.authorLogin,
    headBranch: pull.headBranch,
    state: stateOf(pull),
    attribution: pull.attribution,
    agents: pull.agents,
    evidence: pull.commits.flatMap((commit) =>
      commit.agents.map((item) => ({ kind: EVIDENCE_KINDS[item.via] ?? item.via, agent: item.agent, commitSha: commit.sha, commitAuthor: commit.authorName, authoredAt: commit.authoredAt.getTime() })),
    ),
    commits: pull.commits.length,
    userIds: pull.userIds,
    openedAt: time(pull.openedAt),
    firstReviewAt: time(pull.firstReviewAt),
    mergedAt: time(pull.mergedAt),
    closedAt: time(pull.closedAt),
    minutesToMerge: pull.minutesToMerge,
    minutesToFirstReview: pull.minutesToFirstReview,
    linesAdded: pull.linesAdded,
    linesRemoved: pull.linesRemoved,
    reverted: pull.reverted,
    cost: fromMicroCredits(pull.costMicros),
    credits: fromMicroCredits(pull.creditsMicros),
    currency,
    unpricedModels: pull.unpricedModels,
  };
}
