import { Type, type Static } from '@sinclair/typebox';
import { ATTRIBUTIONS } from '../domain/agent-attribution.js';
import { PULL_REQUEST_STATES } from '../domain/git-facts.js';
import { StringEnum, UnixMillis } from './common.js';

// Pull requests with their class and its evidence (docs/outcomes.md "The pull request list"),
// times as Unix ms like the other v0 resources.

const MaybeTime = Type.Union([UnixMillis, Type.Null()]);
const MaybeMinutes = (description: string) => Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description });

/** Why a pull request counts as agent-assisted: one piece of evidence, on one commit. */
export const PullRequestEvidence = Type.Object(
  {
    kind: Type.String({
      description: "How the agent shows: `trailer` (a person's commit with the agent's Co-authored-by trailer), `bot_author` (the commit's author is the agent's own account), `hook` (the commit was recorded in an agent session by Quarterdeck's hooks); other kinds may be added",
    }),
    agent: Type.String({ description: 'The agent dimension id (claude-code, codex, …)' }),
    commitSha: Type.String(),
    commitAuthor: Type.String({ description: "The commit's author name, as git recorded it" }),
    authoredAt: UnixMillis,
  },
  { $id: 'PullRequestEvidence' },
);

export const PullRequest = Type.Object(
  {
    id: Type.String(),
    gitHostId: Type.String(),
    repository: Type.String({ description: 'host/owner/name, as the other analytics name repositories' }),
    number: Type.Integer(),
    url: Type.Union([Type.String(), Type.Null()], { description: "The pull request's page on its host" }),
    authorLogin: Type.Union([Type.String(), Type.Null()]),
    headBranch: Type.Union([Type.String(), Type.Null()]),
    state: StringEnum(PULL_REQUEST_STATES, { description: 'closed: closed without a merge (and not reopened)' }),
    attribution: StringEnum(ATTRIBUTIONS, { description: 'The strongest class among its commits' }),
    agents: Type.Array(Type.String()),
    evidence: Type.Array(Type.Ref(PullRequestEvidence), { description: 'Empty when its class is none' }),
    commits: Type.Integer({ minimum: 0, description: 'How many of its commits Quarterdeck knows' }),
    userIds: Type.Array(Type.String(), { description: 'The members who authored its commits (matched by commit e-mail)' }),
    openedAt: MaybeTime,
    firstReviewAt: MaybeTime,
    mergedAt: MaybeTime,
    closedAt: MaybeTime,
    minutesToMerge: MaybeMinutes('From its first commit to its merge'),
    minutesToFirstReview: MaybeMinutes('From its opening to its first review, when reviewed before its merge or close'),
    linesAdded: Type.Integer({ minimum: 0 }),
    linesRemoved: Type.Integer({ minimum: 0 }),
    reverted: Type.Boolean({ description: 'Reverted within 30 days of its merge' }),
    cost: Type.Number({ description: 'The agent usage that led to it (merged pull requests only), in currency' }),
    credits: Type.Number({ description: 'The Standard Credits of the same usage' }),
    currency: Type.String(),
    unpricedModels: Type.Array(Type.String()),
  },
  { $id: 'PullRequest' },
);
