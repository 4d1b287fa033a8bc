import { createHash, createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, auth, createOrganization, expectError, startTestServer, type Caller, type TestOrganization, type TestServer } from '../helpers/server.js';

// Git hosts, their webhook receiver and GET /api/v1/analytics/outcomes (docs/outcomes.md), on
// GitHub's published example payloads (reshaped per scenario) and GitLab's documented shapes. The
// analytics are compared with a reference computed here from the scenarios' own description (who
// wrote each commit, which agent it names), not from the server's attribution rule.

const examples = createRequire(import.meta.url)('@octokit/webhooks-examples/api.github.com/index.json') as { name: string; examples: Record<string, any>[] }[];
const example = (name: string, action?: string) => structuredClone(examples.find((event) => event.name === name)!.examples.find((item) => action === undefined || item.action === action)!);

let server: TestServer;
let org: TestOrganization;
let other: TestOrganization;
let alice: Caller;
let bob: Caller;
let teamId: string;

type Host = { id: string; provider: 'github' | 'gitlab'; webhookUrl: string; webhookSecret: string };
const path = (host: Host) => new URL(host.webhookUrl).pathname;

async function connect(provider: 'github' | 'gitlab', organization = org): Promise<Host> {
  const response = await server.app.inject({ method: 'POST', url: '/api/v0/git-hosts', headers: auth(organization.users.manager.key), payload: { provider, name: `${provider} test` } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

let deliveries = 0;
const nextDeliveryId = () => `delivery-${++deliveries}-${Math.random().toString(16).slice(2)}`;
const hmac = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

async function gitHub(host: Host, event: string, payload: object, options: { deliveryId?: string; signature?: string | null } = {}) {
  const body = JSON.stringify(payload);
  const signature = options.signature === undefined ? hmac(host.webhookSecret, body) : options.signature;
  return server.app.inject({
    method: 'POST',
    url: path(host),
    headers: { 'content-type': 'application/json', 'x-github-event': event, 'x-github-delivery': options.deliveryId ?? nextDeliveryId(), ...(signature !== null && { 'x-hub-signature-256': signature }) },
    payload: body,
  });
}

async function gitLab(host: Host, event: string, payload: object, options: { deliveryId?: string; token?: string | null } = {}) {
  const token = options.token === undefined ? host.webhookSecret : options.token;
  return server.app.inject({
    method: 'POST',
    url: path(host),
    headers: { 'content-type': 'application/json', 'x-gitlab-event': event, 'x-gitlab-event-uuid': options.deliveryId ?? nextDeliveryId(), ...(token !== null && { 'x-gitlab-token': token }) },
    payload: JSON.stringify(payload),
  });
}

const expectOutcome = async (response: Promise<{ statusCode: number; body: string; json(): any }>, outcome: string) => {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json()).toEqual({ outcome });
};

// ---- Scenarios: each pull request described once; payloads and the reference both come from it.

interface CommitSpec {
  sha: string;
  author: { name: string; email: string; username?: string };
  /** The trailer lines at the end of its message. */
  trailers?: string[];
  reverts?: string;
  at: string;
  /** The reference's own reading: the agent that authored it, and those that assisted. */
  authoredBy?: string;
  assistedBy?: string[];
}

interface PullSpec {
  repo: string;
  number: number;
  branch: string;
  openedAt: string;
  mergedAt?: string;
  closedAt?: string;
  reviewedAt?: string;
  commits: CommitSpec[];
  /** The commit landing on the base branch: squash, rebase or merge commit. */
  landed?: CommitSpec;
  additions?: number;
  deletions?: number;
}

const sha = (n: number) => n.toString(16).padStart(40, 'a');
const CLAUDE = 'Co-Authored-By: Claude <noreply@anthropic.com>';
const CURSOR = 'co-authored-by: Cursor Agent <cursoragent@cursor.com>';
const CODEX = 'Co-authored-by: Codex <noreply@openai.com>';
const COPILOT = { name: 'Copilot', email: '198982749+Copilot@users.noreply.github.com', username: 'Copilot' };

function messageOf(commit: CommitSpec): string {
  const body = commit.reverts ? `Revert "an earlier change"\n\nThis reverts commit ${commit.reverts}.` : `Change ${commit.sha.slice(0, 7)}\n\nWhat it does, in prose.`;
  return commit.trailers?.length ? `${body}\n\n${commit.trailers.join('\n')}` : body;
}

function pushPayload(repo: string, branch: string, commits: CommitSpec[]) {
  const payload = example('push');
  payload.ref = `refs/heads/${branch}`;
  payload.repository.html_url = `https://github.com/${repo}`;
  payload.commits = commits.map((commit) => ({ ...payload.commits[0], id: commit.sha, message: messageOf(commit), timestamp: commit.at, author: commit.author, committer: commit.author }));
  return payload;
}

function pullPayload(spec: PullSpec, action: 'opened' | 'closed') {
  const payload = example('pull_request', action);
  const pr = payload.pull_request;
  payload.repository.html_url = `https://github.com/${spec.repo}`;
  Object.assign(pr, {
    number: spec.number,
    html_url: `https://github.com/${spec.repo}/pull/${spec.number}`,
    created_at: spec.openedAt,
    merged_at: action === 'closed' ? (spec.mergedAt ?? null) : null,
    closed_at: action === 'closed' ? (spec.mergedAt ?? spec.closedAt) : null,
    merged: action === 'closed' && spec.mergedAt !== undefined,
    merge_commit_sha: spec.landed?.sha ?? sha(999_999),
    additions: spec.additions ?? 0,
    deletions: spec.deletions ?? 0,
  });
  pr.head.ref = spec.branch;
  return payload;
}

function reviewPayload(spec: PullSpec) {
  const payload = example('pull_request_review', 'submitted');
  payload.repository.html_url = `https://github.com/${spec.repo}`;
  Object.assign(payload.pull_request, { number: spec.number, created_at: spec.openedAt, merged_at: null, closed_at: null });
  payload.pull_request.head.ref = spec.branch;
  payload.pull_request.user = { ...payload.pull_request.user, login: 'the-author' };
  payload.review.submitted_at = spec.reviewedAt;
  payload.review.user = { ...payload.review.user, login: 'a-reviewer' };
  return payload;
}

/** Every delivery of a pull request, in the order a host would send them. */
function deliveriesOf(spec: PullSpec): [string, object][] {
  const list: [string, object][] = [
    ['push', pushPayload(spec.repo, spec.branch, spec.commits)],
    ['pull_request', pullPayload(spec, 'opened')],
  ];
  if (spec.reviewedAt) list.push(['pull_request_review', reviewPayload(spec)]);
  if (spec.mergedAt || spec.closedAt) list.push(['pull_request', pullPayload(spec, 'closed')]);
  if (spec.landed && spec.landed.sha !== spec.commits.at(-1)?.sha) list.push(['push', pushPayload(spec.repo, 'main', [spec.landed])]);
  return list;
}

// Days of the scenarios: past, after the analytics history start.
const D1 = '2026-03-02';
const D2 = '2026-03-03';

let people: { alice: CommitSpec['author']; bob: CommitSpec['author'] };
const pulls: PullSpec[] = [];

function scenarios(): PullSpec[] {
  const a = people.alice;
  const b = people.bob;
  return [
    // The done-when: a squash merge whose squash commit alone carries Claude's trailer.
    {
      repo: 'acme/api',
      number: 1,
      branch: 'feat-1',
      openedAt: `${D1}T08:00:00Z`,
      reviewedAt: `${D1}T09:00:00Z`,
      mergedAt: `${D1}T10:00:00Z`,
      commits: [{ sha: sha(11), author: a, at: `${D1}T07:00:00Z` }],
      landed: { sha: sha(12), author: a, trailers: [CLAUDE], at: `${D1}T10:00:00Z`, assistedBy: ['claude-code'] },
      additions: 40,
      deletions: 4,
    },
    // Two people and two agents, and a commit Copilot's coding agent authored; a merge commit.
    {
      repo: 'acme/api',
      number: 2,
      branch: 'feat-2',
      openedAt: `${D1}T06:00:00Z`,
      // Reviewed after its merge: a review that gated nothing, not counted.
      reviewedAt: `${D1}T17:00:00Z`,
      mergedAt: `${D1}T16:00:00Z`,
      commits: [
        { sha: sha(21), author: a, trailers: [CLAUDE], at: `${D1}T05:00:00Z`, assistedBy: ['claude-code'] },
        { sha: sha(22), author: b, trailers: [CURSOR, `Co-authored-by: Alice <${a.email}>`], at: `${D1}T06:00:00Z`, assistedBy: ['cursor'] },
        { sha: sha(23), author: COPILOT, at: `${D1}T07:00:00Z`, authoredBy: 'copilot-coding-agent' },
      ],
      landed: { sha: sha(24), author: b, at: `${D1}T16:00:00Z` },
      additions: 100,
      deletions: 10,
    },
    // No agent; reverted two days after its merge.
    {
      repo: 'acme/web',
      number: 3,
      branch: 'fix-3',
      openedAt: `${D1}T09:00:00Z`,
      reviewedAt: `${D1}T11:15:00Z`,
      mergedAt: `${D1}T12:00:00Z`,
      commits: [{ sha: sha(31), author: b, at: `${D1}T08:30:00Z` }],
      landed: { sha: sha(31), author: b, at: `${D1}T08:30:00Z` },
      additions: 5,
      deletions: 1,
    },
    // A rebase merge: the rebased commit has a new SHA and keeps Codex's trailer.
    {
      repo: 'acme/web',
      number: 4,
      branch: 'feat-4',
      openedAt: `${D2}T08:00:00Z`,
      mergedAt: `${D2}T09:30:00Z`,
      commits: [{ sha: sha(41), author: a, trailers: [CODEX], at: `${D2}T07:30:00Z`, assistedBy: ['codex'] }],
      landed: { sha: sha(42), author: a, trailers: [CODEX], at: `${D2}T07:30:00Z`, assistedBy: ['codex'] },
      additions: 12,
      deletions: 0,
    },
    // Closed unmerged.
    { repo: 'acme/web', number: 5, branch: 'try-5', openedAt: `${D2}T08:00:00Z`, reviewedAt: `${D2}T08:20:00Z`, closedAt: `${D2}T11:00:00Z`, commits: [{ sha: sha(51), author: b, trailers: [CLAUDE], at: `${D2}T07:00:00Z`, assistedBy: ['claude-code'] }] },
  ];
}

// The revert of pull request 3's commit, pushed to main on D2.
const revertCommit = (): CommitSpec => ({ sha: sha(61), author: people.bob, reverts: sha(31), at: `${D2}T10:00:00Z` });

// ---- The reference: figures from the scenarios' descriptions.

function referenceOf(spec: PullSpec) {
  const commits = [...spec.commits, ...(spec.landed ? [spec.landed] : [])];
  const authored = commits.some((commit) => commit.authoredBy);
  const agents = [...new Set(commits.flatMap((commit) => [...(commit.authoredBy ? [commit.authoredBy] : []), ...(commit.assistedBy ?? [])]))].sort();
  const emails = new Set(commits.filter((commit) => !commit.authoredBy).map((commit) => commit.author.email.toLowerCase()));
  const users = [alice, bob].filter((user) => emails.has(user.email.toLowerCase())).map((user) => user.id);
  const first = Math.min(...commits.map((commit) => Date.parse(commit.at)));
  return {
    spec,
    day: (spec.mergedAt ?? spec.closedAt)!.slice(0, 10),
    merged: spec.mergedAt !== undefined,
    cls: authored ? 'agent-authored' : agents.length > 0 ? 'agent-assisted' : 'none',
    agents,
    users,
    minutes: spec.mergedAt ? (Date.parse(spec.mergedAt) - first) / 60_000 : null,
    reviewMinutes: spec.reviewedAt && spec.reviewedAt <= (spec.mergedAt ?? spec.closedAt)! ? (Date.parse(spec.reviewedAt) - Date.parse(spec.openedAt)) / 60_000 : null,
    reverted: spec.number === 3,
  };
}
type Reference = ReturnType<typeof referenceOf>;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The 90th percentile as PostgreSQL's percentile_cont: between the two nearest ranks, to 6 decimals. */
function p90(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const rank = 0.9 * (sorted.length - 1);
  const low = sorted[Math.floor(rank)]!;
  const value = low + (rank - Math.floor(rank)) * (sorted[Math.ceil(rank)]! - low);
  return Math.round(value * 1e6) / 1e6;
}

// Agent usage sent as telemetry, and the prices of the organization: the cost of a merged pull
// request is its people's model calls in its repository between its first commit and its merge.
const PRICE = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
interface Usage { who: 'alice' | 'bob'; repo: string; at: string; model: string; input: number; output: number; cacheRead: number; credits: number }
const usage: Usage[] = [
  { who: 'alice', repo: 'acme/api', at: `${D1}T08:00:00Z`, model: 'outcome-model', input: 1000, output: 200, cacheRead: 0, credits: 1.25 },
  { who: 'alice', repo: 'acme/api', at: `${D1}T11:00:00Z`, model: 'outcome-model', input: 5000, output: 0, cacheRead: 0, credits: 7 },
  { who: 'bob', repo: 'acme/api', at: `${D1}T15:00:00Z`, model: 'outcome-model', input: 100, output: 100, cacheRead: 1000, credits: 0.5 },
  { who: 'bob', repo: 'acme/web', at: `${D1}T08:45:00Z`, model: 'outcome-model', input: 0, output: 1, cacheRead: 0, credits: 0.000001 },
  { who: 'alice', repo: 'acme/web', at: `${D2}T08:00:00Z`, model: 'mystery-model', input: 10, output: 10, cacheRead: 0, credits: 3 },
];

async function sendUsage(keys: { alice: string; bob: string; owner: string }) {
  const prices = await server.app.inject({ method: 'PUT', url: '/api/v0/organization/prices/models', headers: auth(keys.owner), payload: { models: [{ modelId: 'outcome-model', prices: PRICE }] } });
  expect(prices.statusCode, prices.body).toBe(200);
  for (const [index, item] of usage.entries()) {
    const event = { id: `usage-${index}`, type: 'model_call', timestamp: item.at, sessionId: 'outcomes', client: 'terminal-ui', modelId: item.model, modelTier: 'standard', inputTokens: item.input, outputTokens: item.output, cacheReadTokens: item.cacheRead, cacheWriteTokens: 0, billableTokens: item.credits, repository: `https://github.com/${item.repo}` };
    const sent = await server.app.inject({ method: 'POST', url: '/api/v1/telemetry/events', headers: auth(keys[item.who]), payload: { events: [event] } });
    expect(sent.statusCode, sent.body).toBe(202);
  }
}

function referenceCost(ref: Reference): { micros: number; credits: number; unpriced: string[] } {
  const commits = [...ref.spec.commits, ...(ref.spec.landed ? [ref.spec.landed] : [])];
  if (!ref.merged || commits.length === 0) return { micros: 0, credits: 0, unpriced: [] };
  const from = Math.min(...commits.map((commit) => Date.parse(commit.at)));
  const to = Date.parse(ref.spec.mergedAt!);
  const ids = { alice: alice.id, bob: bob.id };
  const mine = usage.filter((item) => item.repo === ref.spec.repo && ref.users.includes(ids[item.who]) && Date.parse(item.at) >= from && Date.parse(item.at) <= to);
  return {
    micros: mine.filter((item) => item.model === 'outcome-model').reduce((total, item) => total + item.input * PRICE.input + item.output * PRICE.output + item.cacheRead * PRICE.cacheRead, 0),
    credits: mine.reduce((total, item) => total + Math.round(item.credits * 1e6), 0),
    unpriced: [...new Set(mine.filter((item) => item.model !== 'outcome-model').map((item) => item.model))],
  };
}

function referenceFigures(refs: Reference[]) {
  const merged = refs.filter((ref) => ref.merged);
  const assisted = merged.filter((ref) => ref.cls !== 'none');
  const lines = (items: Reference[], key: 'additions' | 'deletions') => items.reduce((total, ref) => total + (ref.spec[key] ?? 0), 0);
  const minutes = (items: Reference[]) => items.map((ref) => ref.minutes!).filter((value) => value !== null);
  const unassisted = merged.filter((ref) => ref.cls === 'none');
  const closed = refs.filter((ref) => !ref.merged);
  const closedAssisted = closed.filter((ref) => ref.cls !== 'none');
  const reviews = (items: Reference[]) => items.flatMap((ref) => (ref.reviewMinutes === null ? [] : [ref.reviewMinutes]));
  const rate = (mergedCount: number, closedCount: number) => (mergedCount + closedCount === 0 ? null : Math.round((mergedCount / (mergedCount + closedCount)) * 1e6) / 1e6);
  const credits = merged.reduce((total, ref) => total + referenceCost(ref).credits, 0);
  return {
    pull_requests_merged: merged.length,
    pull_requests_merged_agent_assisted: assisted.length,
    pull_requests_merged_agent_authored: merged.filter((ref) => ref.cls === 'agent-authored').length,
    pull_requests_closed_unmerged: refs.length - merged.length,
    pull_requests_reverted: merged.filter((ref) => ref.reverted).length,
    merged_lines_added: lines(merged, 'additions'),
    merged_lines_removed: lines(merged, 'deletions'),
    merged_lines_added_agent_assisted: lines(assisted, 'additions'),
    merged_lines_removed_agent_assisted: lines(assisted, 'deletions'),
    median_minutes_to_merge: median(minutes(merged)),
    median_minutes_to_merge_agent_assisted: median(minutes(assisted)),
    median_minutes_to_merge_none: median(minutes(merged.filter((ref) => ref.cls === 'none'))),
    merged_cost: merged.reduce((total, ref) => total + referenceCost(ref).micros, 0) / 1e6,
    cost_per_merged_pull_request: merged.length === 0 ? null : Math.round(merged.reduce((total, ref) => total + referenceCost(ref).micros, 0) / merged.length) / 1e6,
    unpriced_models: [...new Set(merged.flatMap((ref) => referenceCost(ref).unpriced))].sort(),
    p90_minutes_to_merge: p90(minutes(merged)),
    p90_minutes_to_merge_agent_assisted: p90(minutes(assisted)),
    p90_minutes_to_merge_none: p90(minutes(unassisted)),
    median_minutes_to_first_review: median(reviews(refs)),
    median_minutes_to_first_review_agent_assisted: median(reviews(refs.filter((ref) => ref.cls !== 'none'))),
    median_minutes_to_first_review_none: median(reviews(refs.filter((ref) => ref.cls === 'none'))),
    p90_minutes_to_first_review: p90(reviews(refs)),
    p90_minutes_to_first_review_agent_assisted: p90(reviews(refs.filter((ref) => ref.cls !== 'none'))),
    p90_minutes_to_first_review_none: p90(reviews(refs.filter((ref) => ref.cls === 'none'))),
    pull_requests_closed_unmerged_agent_assisted: closedAssisted.length,
    merge_rate: rate(merged.length, closed.length),
    merge_rate_agent_assisted: rate(assisted.length, closedAssisted.length),
    merge_rate_none: rate(unassisted.length, closed.length - closedAssisted.length),
    merged_credits: credits / 1e6,
    credits_per_merged_pull_request: merged.length === 0 ? null : Math.round(credits / merged.length) / 1e6,
  };
}

function referenceRows(groupBy?: 'repository' | 'agent' | 'user' | 'team') {
  const refs = pulls.map(referenceOf);
  const days = [D1, D2];
  if (!groupBy) return days.map((date) => ({ date, ...referenceFigures(refs.filter((ref) => ref.day === date)) }));
  const keysOf = (ref: Reference): string[] => {
    if (groupBy === 'repository') return [`github.com/${ref.spec.repo}`];
    if (groupBy === 'agent') return ref.agents.length ? ref.agents : ['(none)'];
    if (groupBy === 'user') return ref.users.length ? ref.users : ['(none)'];
    return ref.users.includes(alice.id) ? [teamId] : [];
  };
  return days.flatMap((date) => {
    const ofDay = refs.filter((ref) => ref.day === date);
    const keys = [...new Set(ofDay.flatMap(keysOf))].sort();
    return keys.map((key) => ({ date, group_key: key, ...(groupBy === 'team' && { team_name: 'Platform' }), ...referenceFigures(ofDay.filter((ref) => keysOf(ref).includes(key))) }));
  });
}

const outcomes = (query: string, key = org.users.manager.key, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: `/api/v1/analytics/outcomes?startDate=${D1}&endDate=${D2}${query}`, headers: { ...auth(key), ...headers } });

let github: Host;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server, 'Outcomes');
  other = await createOrganization(server, 'Other');
  alice = await addUser(server, org.owner.key, 'member', `Alice.${Date.now()}@example.test`);
  bob = await addUser(server, org.owner.key, 'member');
  people = { alice: { name: 'Alice', email: alice.email.toLowerCase(), username: 'alice' }, bob: { name: 'Bob', email: bob.email, username: 'bob' } };
  const team = await server.app.inject({ method: 'POST', url: '/api/v0/teams', headers: auth(org.owner.key), payload: { name: 'Platform' } });
  teamId = team.json().team.id;
  await server.app.inject({ method: 'POST', url: `/api/v0/teams/${teamId}/members`, headers: auth(org.owner.key), payload: { userId: alice.id } });

  github = await connect('github');
  pulls.push(...scenarios());
  for (const spec of pulls) for (const [event, payload] of deliveriesOf(spec)) await expectOutcome(gitHub(github, event, payload), 'stored');
  await expectOutcome(gitHub(github, 'push', pushPayload('acme/web', 'main', [revertCommit()])), 'stored');
}, 60_000);
afterAll(async () => server.close());

describe('git hosts', () => {
  it('connects a host: the webhook URL and the secret, the secret once; lists, reads and removes it, audited', async () => {
    const host = await connect('gitlab');
    expect(host).toMatchObject({ provider: 'gitlab', name: 'gitlab test' });
    expect(host.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(path(host)).toBe(`/api/v1/git-hosts/${host.id}/webhook`);
    const read = await server.app.inject({ method: 'GET', url: `/api/v0/git-hosts/${host.id}`, headers: auth(org.owner.key) });
    expect(read.json().gitHost).toEqual({ id: host.id, provider: 'gitlab', name: 'gitlab test', webhookUrl: host.webhookUrl, createdAt: expect.any(Number) });
    const listed = await server.app.inject({ method: 'GET', url: '/api/v0/git-hosts?limit=100', headers: auth(org.owner.key) });
    expect(listed.json().gitHosts.map((item: Host) => item.id)).toContain(host.id);
    expect(listed.body).not.toContain(host.webhookSecret);
    expect((await server.app.inject({ method: 'DELETE', url: `/api/v0/git-hosts/${host.id}`, headers: auth(org.owner.key) })).statusCode).toBe(204);
    expectError(await server.app.inject({ method: 'GET', url: `/api/v0/git-hosts/${host.id}`, headers: auth(org.owner.key) }), 404);
    // Its receiver is gone with it.
    expectError(await gitLab(host, 'Push Hook', { object_kind: 'push' }), 404);
    const audit = await server.app.inject({ method: 'GET', url: '/api/v0/organization/audit-log?limit=100', headers: auth(org.owner.key) });
    const actions = audit.json().entries.filter((entry: { target: { id: string } | null }) => entry.target?.id === host.id).map((entry: { action: string }) => entry.action);
    expect(actions.sort()).toEqual(['git_host.connected', 'git_host.removed']);
    expect(audit.body).not.toContain(host.webhookSecret);
  });

  it('refuses an unknown provider, unknown fields and another organization', async () => {
    const bad = await server.app.inject({ method: 'POST', url: '/api/v0/git-hosts', headers: auth(org.owner.key), payload: { provider: 'bitbucket' } });
    expect(expectError(bad, 400).errors?.[0]?.path).toContain('provider');
    expectError(await server.app.inject({ method: 'POST', url: '/api/v0/git-hosts', headers: auth(org.owner.key), payload: { provider: 'github', secret: 'x' } }), 400);
    expectError(await server.app.inject({ method: 'GET', url: `/api/v0/git-hosts/${github.id}`, headers: auth(other.owner.key) }), 404);
    expectError(await server.app.inject({ method: 'DELETE', url: `/api/v0/git-hosts/${github.id}`, headers: auth(other.owner.key) }), 404);
    const theirs = await server.app.inject({ method: 'GET', url: '/api/v0/git-hosts', headers: auth(other.owner.key) });
    expect(theirs.json().gitHosts).toEqual([]);
  });
});

describe('the webhook receiver', () => {
  const lonePull = (repo: string): PullSpec => ({ repo, number: 7, branch: 'b', openedAt: `${D1}T01:00:00Z`, mergedAt: `${D1}T02:00:00Z`, commits: [] });
  const repositoriesOnD1 = async () => (await outcomes('&group_by=repository')).json().data.map((row: { group_key: string }) => row.group_key);

  it('answers 401 to a missing, wrong or other host\'s signature, and stores nothing', async () => {
    const payload = pullPayload(lonePull('acme/unsigned'), 'closed');
    expectError(await gitHub(github, 'pull_request', payload, { signature: null }), 401);
    expectError(await gitHub(github, 'pull_request', payload, { signature: 'sha256=00' }), 401);
    expectError(await gitHub(github, 'pull_request', payload, { signature: hmac('not the secret', JSON.stringify(payload)) }), 401);
    const another = await connect('github', other);
    expectError(await gitHub(github, 'pull_request', payload, { signature: hmac(another.webhookSecret, JSON.stringify(payload)) }), 401);
    // A body changed after signing.
    const signed = hmac(github.webhookSecret, JSON.stringify(payload));
    expectError(await gitHub(github, 'pull_request', { ...payload, number: 8 }, { signature: signed }), 401);
    expect(await repositoriesOnD1()).not.toContain('github.com/acme/unsigned');
  });

  it('answers 401 to a missing or wrong GitLab token, and stores nothing', async () => {
    const gitlab = await connect('gitlab');
    const payload = gitLabMerge('group/unsigned', 9, 'merge', `${D1}T03:00:00Z`);
    expectError(await gitLab(gitlab, 'Merge Request Hook', payload, { token: null }), 401);
    expectError(await gitLab(gitlab, 'Merge Request Hook', payload, { token: `${gitlab.webhookSecret}x` }), 401);
    expectError(await gitLab(gitlab, 'Merge Request Hook', payload, { token: github.webhookSecret }), 401);
    expect(await repositoriesOnD1()).not.toContain('gitlab.com/group/unsigned');
  });

  it('answers 400 with the error body to a signed body that is not JSON or lacks what the event carries, 413 past the limit, 404 for no host', async () => {
    const notJson = await server.app.inject({ method: 'POST', url: path(github), headers: { 'content-type': 'application/json', 'x-github-event': 'push', 'x-github-delivery': nextDeliveryId(), 'x-hub-signature-256': hmac(github.webhookSecret, '{"ref":') }, payload: '{"ref":' });
    expect(expectError(notJson, 400).detail).toContain('not JSON');
    const lacking = expectError(await gitHub(github, 'push', { ref: 'refs/heads/main', commits: [{}] }), 400);
    expect(lacking.errors?.length).toBeGreaterThan(0);
    expectError(await gitHub(github, 'push', pushPayload('acme/x', 'main', []), { deliveryId: '' }), 400);
    const huge = JSON.stringify({ padding: 'x'.repeat(6 * 1024 * 1024) });
    expectError(await server.app.inject({ method: 'POST', url: path(github), headers: { 'content-type': 'application/json', 'x-github-event': 'push', 'x-github-delivery': nextDeliveryId(), 'x-hub-signature-256': hmac(github.webhookSecret, huge) }, payload: huge }), 413);
    expectError(await server.app.inject({ method: 'POST', url: '/api/v1/git-hosts/gith_nothing/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' }), 404);
    // Events it does not read are accepted and ignored.
    await expectOutcome(gitHub(github, 'ping', { zen: 'Keep it logically awesome.' }), 'ignored');
  });

  it('counts a redelivered merged pull request once, whatever the number of redeliveries (the done-when)', async () => {
    const spec = pulls[0]!;
    const closed = pullPayload(spec, 'closed');
    const deliveryId = nextDeliveryId();
    await expectOutcome(gitHub(github, 'pull_request', closed, { deliveryId }), 'stored');
    for (let i = 0; i < 3; i++) await expectOutcome(gitHub(github, 'pull_request', closed, { deliveryId }), 'duplicate');
    // The same event under a new delivery id (a second hook, a manual resend) is still one pull request.
    await expectOutcome(gitHub(github, 'pull_request', closed), 'stored');
    const row = (await outcomes('&group_by=repository')).json().data.find((item: { date: string; group_key: string }) => item.date === D1 && item.group_key === 'github.com/acme/api');
    expect(row).toMatchObject({ pull_requests_merged: 2, pull_requests_merged_agent_assisted: 2 });
  });

  it('gives the same state whatever the order of the deliveries (merged before opened, review before open)', async () => {
    const ordered = await connect('github');
    const reversed = await connect('github');
    const spec = (repo: string): PullSpec => ({
      ...pulls[0]!,
      repo,
      commits: [{ ...pulls[0]!.commits[0]!, sha: sha(71) }],
      landed: { ...pulls[0]!.landed!, sha: sha(72) },
    });
    for (const [event, payload] of deliveriesOf(spec('order/one'))) await expectOutcome(gitHub(ordered, event, payload), 'stored');
    for (const [event, payload] of deliveriesOf(spec('order/two')).reverse()) await expectOutcome(gitHub(reversed, event, payload), 'stored');
    const rows = (await outcomes('&group_by=repository')).json().data.filter((row: { group_key: string }) => row.group_key.startsWith('github.com/order/'));
    expect(rows).toHaveLength(2);
    const { group_key: _one, ...first } = rows[0];
    const { group_key: _two, ...second } = rows[1];
    expect(first).toEqual(second);
    expect(first).toMatchObject({ pull_requests_merged: 1, pull_requests_merged_agent_assisted: 1, median_minutes_to_merge: 180 });
  });

  it("counts a pull request reverted by GitHub's revert pull request, and a reopened one as not closed", async () => {
    const original: PullSpec = { repo: 'acme/reverted', number: 10, branch: 'feat-10', openedAt: `${D1}T01:00:00Z`, mergedAt: `${D1}T02:00:00Z`, commits: [] };
    const revert: PullSpec = { repo: 'acme/reverted', number: 11, branch: 'revert-10-feat-10', openedAt: `${D2}T01:00:00Z`, mergedAt: `${D2}T02:00:00Z`, commits: [] };
    const reopened: PullSpec = { repo: 'acme/reverted', number: 12, branch: 'feat-12', openedAt: `${D1}T01:00:00Z`, closedAt: `${D1}T03:00:00Z`, commits: [] };
    for (const spec of [original, revert, reopened]) await expectOutcome(gitHub(github, 'pull_request', pullPayload(spec, 'closed')), 'stored');
    const reopening = pullPayload(reopened, 'opened');
    Object.assign(reopening, { action: 'reopened' });
    reopening.pull_request.updated_at = `${D1}T04:00:00Z`;
    await expectOutcome(gitHub(github, 'pull_request', reopening), 'stored');
    const rows = (await outcomes('&group_by=repository')).json().data.filter((row: { group_key: string }) => row.group_key === 'github.com/acme/reverted');
    expect(rows.map((row: { date: string; pull_requests_merged: number; pull_requests_reverted: number; pull_requests_closed_unmerged: number }) => [row.date, row.pull_requests_merged, row.pull_requests_reverted, row.pull_requests_closed_unmerged])).toEqual([
      [D1, 1, 1, 0],
      [D2, 1, 0, 0],
    ]);
  });

  it("lists a host's deliveries newest first with their outcome: a redelivery and a refused one add none", async () => {
    const host = await connect('github');
    const push = pushPayload('acme/listed', 'main', []);
    const pushId = nextDeliveryId();
    await expectOutcome(gitHub(host, 'push', push, { deliveryId: pushId }), 'stored');
    await expectOutcome(gitHub(host, 'push', push, { deliveryId: pushId }), 'duplicate');
    expectError(await gitHub(host, 'push', push, { signature: null }), 401);
    const pingId = nextDeliveryId();
    await expectOutcome(gitHub(host, 'ping', { zen: 'Design for failure.' }, { deliveryId: pingId }), 'ignored');
    const list = (query: string, key = org.users.manager.key) => server.app.inject({ method: 'GET', url: `/api/v0/git-hosts/${host.id}/deliveries${query}`, headers: auth(key) });
    const first = (await list('?limit=1')).json();
    expect(first.deliveries).toEqual([{ id: expect.any(String), deliveryId: pingId, event: 'ping', outcome: 'ignored', receivedAt: expect.any(Number) }]);
    expect(first.pagination.hasMore).toBe(true);
    const second = (await list(`?limit=1&cursor=${first.pagination.nextCursor}`)).json();
    expect(second.deliveries.map((item: { deliveryId: string; outcome: string }) => [item.deliveryId, item.outcome])).toEqual([[pushId, 'stored']]);
    expect(second.pagination).toEqual({ hasMore: false, nextCursor: null });
    expectError(await list('', other.owner.key), 404);
    expectError(await list('', org.users.member.key), 403);
  });

  it('reads GitLab merge requests and pushes: a merge whose last commit names an agent is agent-assisted', async () => {
    const gitlab = await connect('gitlab');
    const commit = { id: sha(81), message: `Add thing\n\n${CLAUDE}`, timestamp: `${D2}T05:00:00+02:00`, author: { name: 'Alice', email: alice.email } };
    await expectOutcome(gitLab(gitlab, 'Push Hook', { object_kind: 'push', ref: 'refs/heads/gl-1', project: { web_url: 'https://gitlab.com/group/project' }, commits: [commit] }), 'stored');
    await expectOutcome(gitLab(gitlab, 'Merge Request Hook', gitLabMerge('group/project', 1, 'merge', `${D2}T06:00:00Z`, commit)), 'stored');
    await expectOutcome(gitLab(gitlab, 'Tag Push Hook', { object_kind: 'tag_push' }), 'ignored');
    const row = (await outcomes('&group_by=repository')).json().data.find((item: { group_key: string }) => item.group_key === 'gitlab.com/group/project');
    expect(row).toMatchObject({ date: D2, pull_requests_merged: 1, pull_requests_merged_agent_assisted: 1, pull_requests_merged_agent_authored: 0, median_minutes_to_merge: 180 });
  });
});

function gitLabMerge(project: string, iid: number, action: string, at: string, lastCommit?: object) {
  // GitLab's documented merge request event, the fields Quarterdeck reads and some it does not.
  return {
    object_kind: 'merge_request',
    event_type: 'merge_request',
    user: { id: 1, name: 'Administrator', username: 'root' },
    project: { id: 1, name: project.split('/')[1], web_url: `https://gitlab.com/${project}`, path_with_namespace: project },
    object_attributes: {
      id: 99,
      iid,
      target_branch: 'main',
      source_branch: 'gl-1',
      title: 'MS-Viewport',
      created_at: `${D2}T04:00:00Z`,
      updated_at: at,
      state: action === 'merge' ? 'merged' : 'opened',
      merge_commit_sha: action === 'merge' ? sha(82) : null,
      url: `https://gitlab.com/${project}/-/merge_requests/${iid}`,
      action,
      last_commit: lastCommit ?? null,
    },
  };
}

describe('GET /api/v1/analytics/outcomes', () => {
  // Rows of the scenario repositories only: other tests add their own repositories and hosts.
  const scenarioRows = async (groupBy?: string) => {
    const response = await outcomes(groupBy ? `&group_by=${groupBy}` : '');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('matches the reference per day, and per repository, agent, user and team', async () => {
    // A fresh organization's view of the same deliveries, so other tests' extra deliveries do not count.
    const fresh = await createOrganization(server, 'Reference');
    const [a, b] = [await addUser(server, fresh.owner.key, 'member', alice.email), await addUser(server, fresh.owner.key, 'member', bob.email)];
    const team = await server.app.inject({ method: 'POST', url: '/api/v0/teams', headers: auth(fresh.owner.key), payload: { name: 'Platform' } });
    await server.app.inject({ method: 'POST', url: `/api/v0/teams/${team.json().team.id}/members`, headers: auth(fresh.owner.key), payload: { userId: a.id } });
    const host = await connect('github', fresh);
    for (const spec of pulls) for (const [event, payload] of deliveriesOf(spec)) await expectOutcome(gitHub(host, event, payload), 'stored');
    await expectOutcome(gitHub(host, 'push', pushPayload('acme/web', 'main', [revertCommit()])), 'stored');
    const [savedAlice, savedBob, savedTeam] = [alice, bob, teamId];
    [alice, bob, teamId] = [a, b, team.json().team.id];
    try {
      await sendUsage({ alice: a.key, bob: b.key, owner: fresh.owner.key });
      for (const groupBy of [undefined, 'repository', 'agent', 'user', 'team'] as const) {
        const answer = await outcomes(groupBy ? `&group_by=${groupBy}` : '', fresh.users.manager.key);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json().data, groupBy ?? 'ungrouped').toEqual(referenceRows(groupBy));
        expect(answer.json().meta).toEqual({ org_id: fresh.id, start_date: D1, end_date: D2, currency: 'USD' });
      }
      // The figures worked out by hand: on D1, 6000 + 23100 + 15 micro-dollars over three merged pull requests.
      const [day1, day2] = (await outcomes('', fresh.users.manager.key)).json().data;
      expect(day1).toMatchObject({ merged_cost: 0.029115, cost_per_merged_pull_request: 0.009705, unpriced_models: [] });
      expect(day2).toMatchObject({ merged_cost: 0, unpriced_models: ['mystery-model'] });
      // Credits: 1.25 + (1.25 + 7 + 0.5) + 0.000001 over the same three; reviews before the merge only; D2 merged one agent PR of two.
      expect(day1).toMatchObject({ merged_credits: 10.000001, credits_per_merged_pull_request: 3.333334, median_minutes_to_first_review_agent_assisted: 60, median_minutes_to_first_review_none: 135, merge_rate: 1 });
      expect(day2).toMatchObject({ merged_credits: 3, merge_rate_agent_assisted: 0.5, merge_rate_none: null, median_minutes_to_first_review_agent_assisted: 20, p90_minutes_to_merge_none: null });
      // Each pull request's cost and credits in the list are its own share of the reference.
      const listed = await server.app.inject({ method: 'GET', url: '/api/v0/pull-requests?limit=100', headers: auth(fresh.users.manager.key) });
      expect(listed.statusCode, listed.body).toBe(200);
      const costs = listed.json().pullRequests.map((pr: { repository: string; number: number; cost: number; credits: number; unpricedModels: string[]; currency: string }) => [pr.repository, pr.number, pr.cost, pr.credits, pr.unpricedModels, pr.currency]);
      const expectedCosts = pulls.map(referenceOf).map((ref) => {
        const cost = referenceCost(ref);
        return [`github.com/${ref.spec.repo}`, ref.spec.number, cost.micros / 1e6, cost.credits / 1e6, cost.unpriced, 'USD'];
      });
      expect(costs).toEqual(expect.arrayContaining(expectedCosts));
      expect(costs).toHaveLength(expectedCosts.length);
    } finally {
      [alice, bob, teamId] = [savedAlice, savedBob, savedTeam];
    }
  });

  it('classifies the pull request with commits from two people and two agents as agent-authored, in each agent, person and team', async () => {
    const byAgent = (await scenarioRows('agent')).data.filter((row: { date: string }) => row.date === D1);
    const keys = byAgent.map((row: { group_key: string }) => row.group_key);
    expect(keys).toEqual(expect.arrayContaining(['claude-code', 'copilot-coding-agent', 'cursor', '(none)']));
    expect(byAgent.find((row: { group_key: string }) => row.group_key === 'copilot-coding-agent')).toMatchObject({ pull_requests_merged: 1, pull_requests_merged_agent_authored: 1 });
    const byUser = (await scenarioRows('user')).data.filter((row: { date: string }) => row.date === D1);
    expect(byUser.map((row: { group_key: string }) => row.group_key)).toEqual(expect.arrayContaining([alice.id, bob.id]));
  });

  it('answers CSV, and the analytics date rules', async () => {
    const csv = await outcomes('&group_by=team', org.users.manager.key, { accept: 'text/csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, ...lines] = csv.body.trim().split(/\r?\n/);
    expect(header).toContain('date,group_key,team_name,pull_requests_merged,pull_requests_merged_agent_assisted');
    expect(lines.some((line) => line.includes(teamId))).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expectError(await server.app.inject({ method: 'GET', url: `/api/v1/analytics/outcomes?startDate=${D1}&endDate=${today}`, headers: auth(org.owner.key) }), 400);
    expectError(await server.app.inject({ method: 'GET', url: `/api/v1/analytics/outcomes?startDate=2026-02-30&endDate=${D2}`, headers: auth(org.owner.key) }), 400);
    expectError(await outcomes('&group_by=model'), 400);
    // Another organization sees none of these pull requests.
    const theirs = await outcomes('', other.owner.key);
    expect(theirs.json().data.every((row: { pull_requests_merged: number }) => row.pull_requests_merged === 0)).toBe(true);
    // A member may not read analytics.
    expectError(await outcomes('', org.users.member.key), 403);
  });
});

describe('GET /api/v0/pull-requests', () => {
  type Listed = { id: string; repository: string; number: number; state: string; attribution: string; agents: string[]; evidence: { kind: string; agent: string; commitSha: string }[]; userIds: string[]; url: string | null; minutesToMerge: number | null; minutesToFirstReview: number | null; mergedAt: number | null; closedAt: number | null; reverted: boolean; linesAdded: number };
  const list = (query: string, key = org.users.manager.key) => server.app.inject({ method: 'GET', url: `/api/v0/pull-requests${query}`, headers: auth(key) });
  const scenarioRepos = new Set(['github.com/acme/api', 'github.com/acme/web']);
  const ofScenarios = (items: Listed[]) => items.filter((item) => scenarioRepos.has(item.repository));
  const numbers = (items: Listed[]) => ofScenarios(items).map((item) => item.number);

  /** The reference's view of a pull request: its evidence from the scenario's description. */
  function expectedOf(spec: PullSpec) {
    const ref = referenceOf(spec);
    const commits = [...spec.commits, ...(spec.landed && spec.landed.sha !== spec.commits.at(-1)?.sha ? [spec.landed] : [])];
    return {
      repository: `github.com/${spec.repo}`,
      number: spec.number,
      url: `https://github.com/${spec.repo}/pull/${spec.number}`,
      state: ref.merged ? 'merged' : 'closed',
      attribution: ref.cls,
      agents: ref.agents,
      evidence: expect.arrayContaining(
        commits.flatMap((commit) => [
          ...(commit.authoredBy ? [{ kind: 'bot_author', agent: commit.authoredBy, commitSha: commit.sha, commitAuthor: commit.author.name, authoredAt: Date.parse(commit.at) }] : []),
          ...(commit.assistedBy ?? []).map((agent) => ({ kind: 'trailer', agent, commitSha: commit.sha, commitAuthor: commit.author.name, authoredAt: Date.parse(commit.at) })),
        ]),
      ),
      userIds: [...ref.users].sort(),
      minutesToMerge: ref.minutes,
      minutesToFirstReview: ref.reviewMinutes,
      mergedAt: spec.mergedAt ? Date.parse(spec.mergedAt) : null,
      closedAt: spec.mergedAt ? null : Date.parse(spec.closedAt!),
      reverted: ref.reverted,
      linesAdded: spec.additions ?? 0,
    };
  }

  it('lists each pull request with its class, its evidence, its times and its link, as the reference; and reads one by id', async () => {
    const answer = await list('?limit=100');
    expect(answer.statusCode, answer.body).toBe(200);
    const items = ofScenarios(answer.json().pullRequests);
    expect(items).toHaveLength(pulls.length);
    for (const spec of pulls) {
      const item = items.find((listed) => listed.repository === `github.com/${spec.repo}` && listed.number === spec.number)!;
      expect(item, `#${spec.number}`).toMatchObject(expectedOf(spec));
      // Evidence only where there is some, and none for a pull request without an agent.
      expect(item.evidence.length === 0).toBe(referenceOf(spec).cls === 'none');
      const one = await list(`/${item.id}`);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().pullRequest).toEqual(item);
    }
  });

  it('pages newest first, and filters by repository, class, state, merged days and member', async () => {
    const repo = 'repository=github.com%2Facme%2Fweb';
    const first = (await list(`?${repo}&limit=2`)).json();
    expect(first.pullRequests.map((item: Listed) => item.number)).toEqual([5, 4]);
    expect(first.pagination.hasMore).toBe(true);
    const second = (await list(`?${repo}&limit=2&cursor=${first.pagination.nextCursor}`)).json();
    expect(second.pullRequests.map((item: Listed) => item.number)).toEqual([3]);
    expect(second.pagination).toEqual({ hasMore: false, nextCursor: null });
    // A cursor of other filters, or a made-up one, is a 400.
    expectError(await list(`?class=none&cursor=${first.pagination.nextCursor}`), 400);
    expectError(await list('?cursor=bm90LWEtY3Vyc29y'), 400);

    const filtered = async (query: string) => numbers((await list(`?limit=100&${query}`)).json().pullRequests).sort();
    expect(await filtered('class=none')).toEqual([3]);
    expect(await filtered('class=agent-authored')).toEqual([2]);
    expect(await filtered('class=agent-assisted')).toEqual([1, 4, 5]);
    expect(await filtered('state=closed')).toEqual([5]);
    expect(await filtered(`state=merged&mergedFrom=${D2}&mergedTo=${D2}`)).toEqual([4]);
    expect(await filtered(`mergedFrom=${D1}&mergedTo=${D1}`)).toEqual([1, 2, 3]);
    expect(await filtered(`userId=${bob.id}`)).toEqual([2, 3, 5]);
    expect(await filtered(`userId=${alice.id}&${repo}`)).toEqual([4]);
  });

  it('lists an open pull request as open, with no merge or close, and leaves it out of the figures', async () => {
    const spec: PullSpec = { repo: 'acme/open', number: 31, branch: 'wip-31', openedAt: `${D1}T05:00:00Z`, commits: [{ sha: sha(311), author: people.alice, trailers: [CURSOR], at: `${D1}T04:00:00Z` }] };
    for (const [event, payload] of deliveriesOf(spec)) await expectOutcome(gitHub(github, event, payload), 'stored');
    const open = (await list('?state=open&repository=github.com%2Facme%2Fopen')).json().pullRequests;
    expect(open).toMatchObject([{ number: 31, state: 'open', attribution: 'agent-assisted', mergedAt: null, closedAt: null, minutesToMerge: null, cost: 0, evidence: [{ kind: 'trailer', agent: 'cursor', commitSha: sha(311) }] }]);
    expect(await repositoriesOn('github.com/acme/open')).toEqual([]);
  });

  it('refuses bad filters with the error body, answers 404 to an unknown id, 403 to a member', async () => {
    for (const query of ['class=ai', 'state=draft', 'mergedFrom=2026-13-01', 'limit=0', 'limit=101']) {
      expect(expectError(await list(`?${query}`), 400).errors?.length, query).toBeGreaterThan(0);
    }
    expectError(await list('/gpr_bm90LWFuLWlk'), 404);
    expectError(await list('/not-an-id'), 404);
    expectError(await list(`/gpr_${createHash('md5').update(`${github.id}\ngithub.com/acme/api\n999`).digest('hex')}`), 404);
    expectError(await list('', org.users.member.key), 403);
    expect((await list('', other.owner.key)).json().pullRequests).toEqual([]);
  });
});

const repositoriesOn = async (repository: string) =>
  (await outcomes('&group_by=repository')).json().data.filter((row: { group_key: string }) => row.group_key === repository);
