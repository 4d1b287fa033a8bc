import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { repoIdOf } from '../domain/repo-id.js';
import { writePrivateFile } from './private-files.js';

// The commit hook (docs/hooks.md "quarterdeck hooks commits"): which commits an agent's turn
// made. At the start of a session and of each prompt it notes the repository's HEAD; when the turn
// (or a subagent, or the session) ends, the commits reachable from HEAD and not from that note,
// committed under the person's git identity, are the turn's. It asks git only for SHAs, times,
// branch, origin and line counts, never for a diff or a message, and it never fails the agent:
// what the server cannot take now waits in a queue for the next turn.

/** Events at which a turn starts: HEAD is noted, nothing is reported. */
const TURN_STARTS = new Set(['SessionStart', 'UserPromptSubmit']);
/** Whether the hook's input is a turn's start (nothing is reported or sent then). */
export function isTurnStart(payload: { hook_event_name?: unknown }): boolean {
  return TURN_STARTS.has(String(payload.hook_event_name));
}

/** At most this many commits of one turn are reported (a rebase of a long branch is no agent's turn of work). */
export const MAX_COMMITS_PER_TURN = 100;
/** Reports waiting for the server beyond this are dropped, oldest first. */
export const MAX_QUEUED = 1_000;
/** Sessions whose note is older than this are forgotten. */
const SESSION_NOTE_DAYS = 7;
const BATCH = 100;
const GIT_TIMEOUT_MS = 5_000;

export interface AgentCommitReport {
  sha: string;
  repository: string | null;
  branch: string | null;
  sessionId: string;
  agent: string;
  committedAt: string;
  linesAdded: number;
  linesRemoved: number;
}

/** Per session, per repository folder: the HEAD noted last, and when. */
interface CommitHookState {
  sessions: Record<string, Record<string, { head: string; at: number }>>;
  queue: AgentCommitReport[];
}

function git(cwd: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd, timeout: GIT_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => resolve(error ? undefined : stdout.trim()));
  });
}

async function readState(file: string): Promise<CommitHookState> {
  try {
    const state = JSON.parse(await readFile(file, 'utf8')) as Partial<CommitHookState>;
    return { sessions: typeof state.sessions === 'object' && state.sessions !== null ? state.sessions : {}, queue: Array.isArray(state.queue) ? state.queue : [] };
  } catch {
    return { sessions: {}, queue: [] };
  }
}

/** Lines added and removed by a commit, as `git show --numstat` counts them (binary files count 0). */
async function lineCounts(cwd: string, sha: string): Promise<{ linesAdded: number; linesRemoved: number }> {
  const numstat = (await git(cwd, ['show', '--numstat', '--format=', '--no-renames', sha])) ?? '';
  let linesAdded = 0;
  let linesRemoved = 0;
  for (const line of numstat.split('\n')) {
    const [added, removed] = line.split('\t');
    if (added && /^\d+$/.test(added)) linesAdded += Number(added);
    if (removed && /^\d+$/.test(removed)) linesRemoved += Number(removed);
  }
  return { linesAdded, linesRemoved };
}

/** The commits made since the noted HEAD by the person's git identity (the agent commits as the person). */
async function commitsSince(root: string, noted: string): Promise<{ sha: string; committedAt: string }[]> {
  const committer = (await git(root, ['config', 'user.email']))?.toLowerCase();
  // A noted HEAD that no longer exists (gc after a reset) leaves only HEAD itself to judge.
  const range = (await git(root, ['cat-file', '-e', `${noted}^{commit}`])) === undefined ? ['-1', 'HEAD'] : ['HEAD', '--not', noted];
  const log = (await git(root, ['log', `--max-count=${MAX_COMMITS_PER_TURN}`, '--format=%H%x1f%ce%x1f%cI', ...range])) ?? '';
  return log
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\x1f'))
    .filter(([, email]) => committer === undefined || committer === '' || email?.toLowerCase() === committer)
    .map(([sha, , committedAt]) => ({ sha: sha!, committedAt: committedAt! }))
    .reverse();
}

export interface CommitHookRun {
  /** The hook's input: `hook_event_name`, `session_id`, `cwd`. */
  payload: { hook_event_name?: unknown; session_id?: unknown; cwd?: unknown };
  agent: string;
  stateFile: string;
  now: number;
}

/**
 * Notes HEAD at a turn's start; at its end, adds the turn's commits to the queue. Answers the
 * queue (to send) and saves the state. Outside a git repository, or before the first commit, nothing.
 */
export async function observeTurn(run: CommitHookRun, fallbackCwd: string): Promise<{ state: CommitHookState; found: number }> {
  const state = await readState(run.stateFile);
  const sessionId = typeof run.payload.session_id === 'string' ? run.payload.session_id : '';
  const cwd = typeof run.payload.cwd === 'string' && run.payload.cwd !== '' ? run.payload.cwd : fallbackCwd;
  const root = sessionId ? await git(cwd, ['rev-parse', '--show-toplevel']) : undefined;
  const head = root ? await git(root, ['rev-parse', '--verify', '-q', 'HEAD']) : undefined;
  let found = 0;
  if (root && head) {
    const notes = (state.sessions[sessionId] ??= {});
    const noted = notes[root]?.head;
    // A turn whose start was not seen (the hook installed mid-session) is noted, not reported.
    if (noted && noted !== head && !isTurnStart(run.payload)) {
      const commits = await commitsSince(root, noted);
      const branch = (await git(root, ['symbolic-ref', '--short', '-q', 'HEAD'])) || null;
      const origin = await git(root, ['remote', 'get-url', 'origin']);
      // The id, never the URL: a remote URL may carry a token (https://user:token@host/...).
      const repository = (origin && repoIdOf(origin)) ?? null;
      for (const commit of commits) {
        state.queue.push({ sha: commit.sha, repository, branch, sessionId, agent: run.agent, committedAt: commit.committedAt, ...(await lineCounts(root, commit.sha)) });
      }
      found = commits.length;
    }
    notes[root] = { head, at: run.now };
  }
  const forgetBefore = run.now - SESSION_NOTE_DAYS * 86_400_000;
  for (const [id, notes] of Object.entries(state.sessions)) if (Object.values(notes).every((note) => note.at < forgetBefore)) delete state.sessions[id];
  state.queue = state.queue.slice(-MAX_QUEUED);
  return { state, found };
}

export async function saveState(file: string, state: CommitHookState): Promise<void> {
  await writePrivateFile(file, `${JSON.stringify(state)}\n`);
}

export type SendOutcome = { kind: 'sent'; recorded: number } | { kind: 'kept'; why: string } | { kind: 'dropped'; why: string };

/**
 * Sends the queue in batches. Delivered and refused batches leave it (a refusal, 4xx other than
 * 408 and 429, would be refused again); batches the server could not take now stay for next time.
 */
export async function sendQueue(state: CommitHookState, server: { url: string; apiKey: string; timeoutMs: number }): Promise<SendOutcome[]> {
  const outcomes: SendOutcome[] = [];
  const kept: AgentCommitReport[] = [];
  for (let start = 0; start < state.queue.length; start += BATCH) {
    const batch = state.queue.slice(start, start + BATCH);
    // After one failure, the rest waits too: the server is down or busy.
    if (outcomes.some((outcome) => outcome.kind === 'kept')) {
      kept.push(...batch);
      continue;
    }
    try {
      const response = await fetch(new URL('/api/v0/agent-commits', server.url), {
        method: 'POST',
        headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ commits: batch }),
        signal: AbortSignal.timeout(server.timeoutMs),
      });
      const text = await response.text();
      if (response.ok) {
        outcomes.push({ kind: 'sent', recorded: (JSON.parse(text) as { recorded: number }).recorded });
      } else if (response.status === 408 || response.status === 429 || response.status >= 500) {
        kept.push(...batch);
        outcomes.push({ kind: 'kept', why: `the server answered ${response.status}` });
      } else {
        outcomes.push({ kind: 'dropped', why: `the server refused them (${response.status}: ${text.slice(0, 200)})` });
      }
    } catch (error) {
      kept.push(...batch);
      outcomes.push({ kind: 'kept', why: `no answer (${(error as Error).message})` });
    }
  }
  state.queue = kept;
  return outcomes;
}
