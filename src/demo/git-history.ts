import { createHash } from 'node:crypto';
import { repoIdOf } from '../domain/repo-id.js';
import { random, REPOSITORIES, type DemoEvent, type DemoOptions } from './generate.js';

// The demo's git-host history: the GitHub webhook deliveries (push, pull_request,
// pull_request_review) that its repositories would have sent, deterministic per seed. Pull
// requests start where the demo's agent sessions do (their first commit when the session starts,
// in its repository, by its person) and carry the agent's co-author trailer; others are the same
// people's work without an agent. Most merge, some close unmerged, a few stay open, one is
// reverted. The demo posts them, signed, to its connected host's webhook (src/demo/live.ts).

export interface DemoPerson {
  email: string;
  name: string;
}

export interface DemoGitDelivery {
  id: string;
  event: 'push' | 'pull_request' | 'pull_request_review';
  /** When the host would have sent it (ms). */
  at: number;
  payload: Record<string, unknown>;
}

/** About how many pull requests the demo makes, whatever its size. */
const PULL_REQUESTS = 200;
const MINUTE = 60_000;
/** The trailers the agents write (docs/outcomes.md), and Copilot's coding agent's own identity. */
const TRAILERS = ['Co-Authored-By: Claude <noreply@anthropic.com>', 'Co-authored-by: Codex <noreply@openai.com>', 'Co-authored-by: Cursor Agent <cursoragent@cursor.com>'];
const COPILOT = { name: 'Copilot', email: '198982749+Copilot@users.noreply.github.com', username: 'Copilot' };
const CHANGES = ['Fix the retry of failed payments', 'Add pagination to the list', 'Upgrade the HTTP client', 'Refactor the settings form', 'Cache the price lookups', 'Log slow queries', 'Test the sign-in flow', 'Remove the old export'];

const htmlUrlOf = (repoId: string) => `https://${repoId}`;
const loginOf = (person: DemoPerson) => person.email.split(/[+@]/)[0]!;
const iso = (at: number) => new Date(at).toISOString();

export function generateDemoGitHistory(options: DemoOptions, events: readonly DemoEvent[], people: readonly DemoPerson[]): DemoGitDelivery[] {
  const next = random(options.seed + 3);
  const between = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const end = Date.parse(`${options.lastDay}T23:59:59Z`);
  const sha = (...parts: (string | number)[]) => createHash('sha1').update(`${options.seed}/${parts.join('/')}`).digest('hex');
  const starts = events.flatMap(({ user, event }) => (event.type === 'session_start' && event.repository ? [{ user, repoId: repoIdOf(event.repository)!, at: event.timestamp as number }] : []));
  const share = Math.min(0.3, PULL_REQUESTS / Math.max(1, starts.length));
  const numbers = new Map<string, number>(REPOSITORIES.map(({ id }) => [id, 0]));
  const deliveries: DemoGitDelivery[] = [];
  let sequence = 0;
  const send = (event: DemoGitDelivery['event'], at: number, payload: Record<string, unknown>) => {
    if (at <= end) deliveries.push({ id: `demo-${options.seed}-${++sequence}`, event, at, payload });
  };
  const merged: { repoId: string; number: number; branch: string; mergeSha: string; mergedAt: number }[] = [];

  const pullRequest = (repoId: string, author: DemoPerson, firstCommitAt: number, kind: 'agent' | 'human' | 'copilot' | 'revert', revert?: (typeof merged)[number]) => {
    const number = numbers.get(repoId)! + 1;
    numbers.set(repoId, number);
    const repository = { html_url: htmlUrlOf(repoId), full_name: repoId.split('/').slice(1).join('/') };
    const branch = revert ? `revert-${revert.number}-${revert.branch}` : `${loginOf(author)}/change-${number}`;
    const trailer = kind === 'agent' ? pick(TRAILERS) : undefined;
    const title = revert ? `Revert #${revert.number}` : pick(CHANGES);
    const person = { name: author.name, email: author.email, username: loginOf(author) };
    let at = firstCommitAt;
    const commits = Array.from({ length: revert ? 1 : between(1, 3) }, (_, k) => {
      if (k > 0) at += between(10, 90) * MINUTE;
      const message = revert ? `Revert "${title}"\n\nThis reverts commit ${revert.mergeSha}.` : `${title} (${k + 1})${trailer ? `\n\n${trailer}` : ''}`;
      return { id: sha(repoId, number, k), message, timestamp: iso(at), author: kind === 'copilot' && k === 0 ? COPILOT : person };
    });
    send('push', at + MINUTE, { ref: `refs/heads/${branch}`, repository, commits });
    const openedAt = at + between(5, 60) * MINUTE;
    const pull = { number, html_url: `${htmlUrlOf(repoId)}/pull/${number}`, user: { login: loginOf(author) }, head: { ref: branch }, created_at: iso(openedAt), merged_at: null, closed_at: null, merge_commit_sha: null };
    send('pull_request', openedAt, { action: 'opened', repository, pull_request: { ...pull, updated_at: iso(openedAt) } });
    const reviewer = people[(people.indexOf(author) + 1) % people.length]!;
    const reviewedAt = openedAt + between(15, kind === 'human' ? 1200 : 600) * MINUTE;
    if (next() < 0.85) send('pull_request_review', reviewedAt, { action: 'submitted', repository, pull_request: pull, review: { submitted_at: iso(reviewedAt), user: { login: loginOf(reviewer) } } });
    // Agent-assisted work merges sooner, in the demo, than work without an agent.
    const closedAt = reviewedAt + between(10, kind === 'human' ? 3000 : 1200) * MINUTE;
    if (!revert && next() < 0.12) {
      send('pull_request', closedAt, { action: 'closed', repository, pull_request: { ...pull, closed_at: iso(closedAt), updated_at: iso(closedAt) } });
      return;
    }
    // A squash merge: its commit carries the branch's messages, trailers included, and is pushed to main.
    const mergeSha = sha(repoId, number, 'merge');
    const additions = between(5, 400);
    send('pull_request', closedAt, {
      action: 'closed',
      repository,
      pull_request: { ...pull, merged_at: iso(closedAt), closed_at: iso(closedAt), updated_at: iso(closedAt), merge_commit_sha: mergeSha, additions, deletions: between(0, additions) },
    });
    const squashMessage = `${title} (#${number})\n\n${commits.map((commit) => `* ${commit.message}`).join('\n\n')}`;
    send('push', closedAt + MINUTE, { ref: 'refs/heads/main', repository, commits: [{ id: mergeSha, message: squashMessage, timestamp: iso(closedAt), author: person }] });
    if (closedAt <= end && !revert && kind !== 'human') merged.push({ repoId, number, branch, mergeSha, mergedAt: closedAt });
  };

  for (const start of starts) {
    const author = people[start.user]!;
    if (next() < share) pullRequest(start.repoId, author, start.at, next() < 0.1 ? 'copilot' : 'agent');
    // Work without an agent: the same person, in the same repository, a day or two later.
    if (next() < share / 2) pullRequest(start.repoId, author, start.at + between(20, 50) * 60 * MINUTE, 'human');
  }
  // Two agent-assisted pull requests reverted by someone else a day after their merge.
  for (const reverted of merged.filter((_, i) => i % Math.max(1, Math.floor(merged.length / 2)) === 1).slice(0, 2)) {
    pullRequest(reverted.repoId, pick(people), reverted.mergedAt + 24 * 60 * MINUTE, 'revert', reverted);
  }
  return deliveries.sort((a, b) => a.at - b.at);
}
