import type { AgentEvidence, Attribution } from './agent-attribution.js';

// What Quarterdeck keeps of a git host's webhook delivery (docs/outcomes.md), in one shape for
// every host: the facts the receiver reads from a payload and the repositories store.

/** The hosts a git host connection can be. */
export const GIT_PROVIDERS = ['github', 'gitlab'] as const;
export type GitProvider = (typeof GIT_PROVIDERS)[number];

export interface PullRequestFacts {
  repository: string;
  number: number;
  url: string | null;
  authorLogin: string | null;
  headBranch: string | null;
  openedAt: Date | null;
  firstReviewAt: Date | null;
  mergedAt: Date | null;
  closedAt: Date | null;
  reopenedAt: Date | null;
  /** Only once merged: GitHub names a test merge commit on an open pull request. */
  mergeCommitSha: string | null;
  /** Only once merged (GitHub). */
  additions: number | null;
  deletions: number | null;
  revertsNumber: number | null;
}

export interface CommitFacts {
  repository: string;
  branch: string;
  sha: string;
  authorName: string;
  authorEmail: string;
  authoredAt: Date;
  attribution: Attribution;
  agents: AgentEvidence[];
  revertsSha: string | null;
  /** The commit it was cherry-picked from, when its message says so (`git cherry-pick -x`). */
  pickedFromSha: string | null;
}

export interface DeliveryFacts {
  pullRequests: PullRequestFacts[];
  commits: CommitFacts[];
  /** A push to the repository's default branch (when the host names it): readiness is evaluated again (docs/readiness.md). */
  defaultBranchPush?: string;
}

/** Where a pull request stands: `closed` is closed without a merge (and not reopened). */
export const PULL_REQUEST_STATES = ['open', 'merged', 'closed'] as const;
export type PullRequestState = (typeof PULL_REQUEST_STATES)[number];
