import type { components } from '@octokit/openapi-webhooks-types';
import { Type, type TSchema } from '@sinclair/typebox';
import { attributionOf, cherryPickedSha, commitEvidence, revertedPullRequest, revertedSha } from '../domain/agent-attribution.js';
import { invalidInput } from '../domain/errors.js';
import type { CommitFacts, DeliveryFacts, PullRequestFacts } from '../domain/git-facts.js';
import { repoIdOf } from '../domain/repo-id.js';
import { createAjv, fieldErrorsOf } from '../schemas/ajv.js';

// What a git host's webhook delivery says about pull requests and commits (docs/outcomes.md),
// read from GitHub's and GitLab's payloads into one shape. Each event's payload is checked against
// the fields read here (the rest of the payload is the host's business); a payload without them is
// 400. Commit messages are read for their trailers and revert line only and go no further.

type GitHub = components['schemas'];

const Str = Type.String();
const OptStr = Type.Optional(Type.Union([Type.String(), Type.Null()]));
const Time = Type.String({ minLength: 1, maxLength: 64 });
const OptTime = Type.Optional(Type.Union([Time, Type.Null()]));
const Loose = <T extends Record<string, TSchema>>(properties: T) => Type.Object(properties);

const GitHubRepository = Loose({ html_url: Str });
const GitHubPullRequest = Loose({
  number: Type.Integer({ minimum: 1 }),
  html_url: OptStr,
  user: Type.Optional(Type.Union([Loose({ login: Str }), Type.Null()])),
  head: Loose({ ref: Str }),
  created_at: Time,
  merged_at: OptTime,
  closed_at: OptTime,
  updated_at: OptTime,
  merge_commit_sha: OptStr,
  additions: Type.Optional(Type.Integer({ minimum: 0 })),
  deletions: Type.Optional(Type.Integer({ minimum: 0 })),
});
const GitHubPullRequestEvent = Loose({ action: Str, repository: GitHubRepository, pull_request: GitHubPullRequest });
const GitHubReviewEvent = Loose({
  action: Str,
  repository: GitHubRepository,
  pull_request: GitHubPullRequest,
  review: Loose({ submitted_at: OptTime, user: Type.Optional(Type.Union([Loose({ login: Str }), Type.Null()])) }),
});
const Identity = Loose({ name: Type.Optional(Str), email: OptStr, username: Type.Optional(Str) });
const GitHubPushEvent = Loose({
  ref: Str,
  deleted: Type.Optional(Type.Boolean()),
  repository: Loose({ html_url: Str, default_branch: Type.Optional(Str) }),
  commits: Type.Array(Loose({ id: Str, message: Str, timestamp: Time, author: Identity })),
});

const GitLabProject = Loose({ web_url: Str });
const GitLabCommit = Loose({ id: Str, message: Str, timestamp: Time, author: Identity });
const GitLabMergeRequestEvent = Loose({
  object_kind: Type.Literal('merge_request'),
  project: GitLabProject,
  user: Type.Optional(Loose({ username: Type.Optional(Str) })),
  object_attributes: Loose({
    iid: Type.Integer({ minimum: 1 }),
    action: Type.Optional(Str),
    url: OptStr,
    source_branch: Str,
    created_at: Time,
    updated_at: OptTime,
    merge_commit_sha: OptStr,
    last_commit: Type.Optional(Type.Union([GitLabCommit, Type.Null()])),
  }),
});
const GitLabPushEvent = Loose({ object_kind: Type.Literal('push'), ref: Str, after: Type.Optional(Str), project: Loose({ web_url: Str, default_branch: Type.Optional(Str) }), commits: Type.Array(GitLabCommit) });

const ajv = createAjv({ coerceTypes: false });
const checkers = new Map<TSchema, ReturnType<typeof ajv.compile>>();

/** The payload as the schema's shape, or 400 naming what is missing or wrong. */
function checked<T>(schema: TSchema, payload: unknown): T {
  let check = checkers.get(schema);
  if (!check) checkers.set(schema, (check = ajv.compile(schema)));
  if (!check(payload)) throw invalidInput('the payload lacks fields this event must carry', fieldErrorsOf('body', check.errors ?? []));
  return payload as T;
}

function timeOf(text: string | null | undefined): Date | null {
  if (!text) return null;
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) throw invalidInput(`not a time: ${text.slice(0, 64)}`, [{ path: 'body', message: 'a time the host sent is not a time' }]);
  return at;
}

function repositoryOf(url: string): string {
  const id = repoIdOf(url);
  if (!id) throw invalidInput('the repository URL names no repository', [{ path: 'body', message: 'repository URL' }]);
  return id;
}

const BRANCH_REF = 'refs/heads/';

function commitFacts(repository: string, branch: string, commit: { id: string; message: string; timestamp: string; author: { name?: string; email?: string | null; username?: string } }): CommitFacts {
  const agents = commitEvidence({ author: { email: commit.author.email, login: commit.author.username }, message: commit.message });
  return {
    repository,
    branch,
    sha: commit.id,
    authorName: commit.author.name ?? '',
    authorEmail: (commit.author.email ?? '').toLowerCase(),
    authoredAt: timeOf(commit.timestamp)!,
    attribution: attributionOf(agents),
    agents,
    revertsSha: revertedSha(commit.message) ?? null,
    pickedFromSha: cherryPickedSha(commit.message) ?? null,
  };
}

const NOTHING: DeliveryFacts = { pullRequests: [], commits: [] };

/** The fields read of GitHub's pull request objects (the full one of pull_request events, the simpler one of reviews). */
interface GitHubPullFields {
  number: number;
  html_url?: string | null;
  user?: { login: string } | null;
  head: { ref: string };
  created_at: string;
  merged_at?: string | null;
  merge_commit_sha?: string | null;
  additions?: number;
  deletions?: number;
}

function gitHubPullRequest(repository: string, pr: GitHubPullFields): PullRequestFacts {
  const mergedAt = timeOf(pr.merged_at);
  return {
    repository,
    number: pr.number,
    url: pr.html_url ?? null,
    authorLogin: pr.user?.login ?? null,
    headBranch: pr.head.ref,
    openedAt: timeOf(pr.created_at),
    firstReviewAt: null,
    mergedAt,
    closedAt: null,
    reopenedAt: null,
    mergeCommitSha: mergedAt ? (pr.merge_commit_sha ?? null) : null,
    additions: mergedAt ? (pr.additions ?? null) : null,
    deletions: mergedAt ? (pr.deletions ?? null) : null,
    revertsNumber: revertedPullRequest(pr.head.ref) ?? null,
  };
}

/** GitHub: pull_request, pull_request_review and push; undefined for an event not read. */
export function gitHubFacts(event: string, payload: unknown): DeliveryFacts | undefined {
  if (event === 'pull_request') {
    const body = checked<GitHub['webhook-pull-request-closed'] | GitHub['webhook-pull-request-opened'] | GitHub['webhook-pull-request-reopened']>(GitHubPullRequestEvent, payload);
    const facts = gitHubPullRequest(repositoryOf(body.repository.html_url), body.pull_request);
    if (body.action === 'closed') facts.closedAt = timeOf(body.pull_request.closed_at) ?? timeOf(body.pull_request.updated_at);
    if (body.action === 'reopened') facts.reopenedAt = timeOf(body.pull_request.updated_at);
    return { pullRequests: [facts], commits: [] };
  }
  if (event === 'pull_request_review') {
    const body = checked<GitHub['webhook-pull-request-review-submitted']>(GitHubReviewEvent, payload);
    const facts = gitHubPullRequest(repositoryOf(body.repository.html_url), body.pull_request);
    // A review counts when submitted by someone other than the pull request's author.
    if (body.action === 'submitted' && body.review.user?.login !== body.pull_request.user?.login) facts.firstReviewAt = timeOf(body.review.submitted_at);
    return { pullRequests: [facts], commits: [] };
  }
  if (event === 'push') {
    const body = checked<GitHub['webhook-push']>(GitHubPushEvent, payload);
    if (!body.ref.startsWith(BRANCH_REF)) return NOTHING;
    const repository = repositoryOf(body.repository.html_url);
    const branch = body.ref.slice(BRANCH_REF.length);
    const commits = body.commits.map((commit) => commitFacts(repository, branch, commit));
    return body.deleted !== true && branch === body.repository.default_branch ? { pullRequests: [], commits, defaultBranchPush: repository } : { pullRequests: [], commits };
  }
  return undefined;
}

interface GitLabMergeRequest {
  project: { web_url: string };
  user?: { username?: string };
  object_attributes: {
    iid: number;
    action?: string;
    url?: string | null;
    source_branch: string;
    created_at: string;
    updated_at?: string | null;
    merge_commit_sha?: string | null;
    last_commit?: { id: string; message: string; timestamp: string; author: { name?: string; email?: string | null } } | null;
  };
}

interface GitLabPush {
  ref: string;
  after?: string;
  project: { web_url: string; default_branch?: string };
  commits: { id: string; message: string; timestamp: string; author: { name?: string; email?: string | null } }[];
}

/** GitLab: Merge Request Hook and Push Hook (their documented shapes); undefined for an event not read. */
export function gitLabFacts(event: string, payload: unknown): DeliveryFacts | undefined {
  if (event === 'Merge Request Hook') {
    const body = checked<GitLabMergeRequest>(GitLabMergeRequestEvent, payload);
    const attributes = body.object_attributes;
    const repository = repositoryOf(body.project.web_url);
    const at = timeOf(attributes.updated_at);
    const action = attributes.action;
    const facts: PullRequestFacts = {
      repository,
      number: attributes.iid,
      url: attributes.url ?? null,
      // The opener is the hook's user on `open` only; other actions name whoever acted.
      authorLogin: action === 'open' ? (body.user?.username ?? null) : null,
      headBranch: attributes.source_branch,
      openedAt: timeOf(attributes.created_at),
      firstReviewAt: action === 'approved' || action === 'approval' ? at : null,
      mergedAt: action === 'merge' ? at : null,
      closedAt: action === 'close' ? at : null,
      reopenedAt: action === 'reopen' ? at : null,
      mergeCommitSha: action === 'merge' ? (attributes.merge_commit_sha ?? null) : null,
      additions: null,
      deletions: null,
      revertsNumber: null,
    };
    const last = attributes.last_commit;
    return { pullRequests: [facts], commits: last ? [commitFacts(repository, attributes.source_branch, last)] : [] };
  }
  if (event === 'Push Hook') {
    const body = checked<GitLabPush>(GitLabPushEvent, payload);
    if (!body.ref.startsWith(BRANCH_REF)) return NOTHING;
    const repository = repositoryOf(body.project.web_url);
    const branch = body.ref.slice(BRANCH_REF.length);
    const commits = body.commits.map((commit) => commitFacts(repository, branch, commit));
    // GitLab's push of a deleted branch has an all-zero `after`.
    const deleted = body.after !== undefined && /^0+$/.test(body.after);
    return !deleted && branch === body.project.default_branch ? { pullRequests: [], commits, defaultBranchPush: repository } : { pullRequests: [], commits };
  }
  return undefined;
}
