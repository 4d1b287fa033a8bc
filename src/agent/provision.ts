import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { commandEnv, exitOf, spawnGroup, spawnShell, stopGroup, Tail, type CommandUser } from './processes.js';

// The install-deps step on this machine: clone the computer's repositories into the work
// directory (a directory already there is kept: a restarted agent does not clone twice), then
// run the install command there. The outcome carries the tail of the output for the error. The
// refresh clones what is missing and pulls the rest, under the same user, timeout and transports.
// Nothing here writes a password given inside a repository URL: not the log, not the error.

export interface RepoSpec {
  url: string;
  branch?: string;
}

export type InstallOutcome = { ok: true } | { ok: false; error: string };

export interface InstallSettings {
  workdir: string;
  repos: readonly RepoSpec[];
  installCommand: string | undefined;
  /** Runs git and the install command as this user (--run-as). */
  user: CommandUser | undefined;
  /** A clone (or a refresh's pull) still running after this long is stopped; a clone's step fails. */
  cloneTimeoutMs: number;
  /** Aborted when the agent stops: the clone or install command in progress is stopped. */
  signal: AbortSignal;
  log: (text: string) => void;
}

/** What git needs of the settings (a refresh runs no install command). */
type GitSettings = Omit<InstallSettings, 'installCommand'>;

/** The error text the server stores is at most 10,000 characters; the tail is what matters. */
const ERROR_TAIL = 4_000;

/** Transports a repository URL may use: not `fd::` or `ext::`, which run or read anything. */
const ALLOWED_PROTOCOLS = 'file:git:http:https:ssh';

/** The directory a repository is cloned into: the last part of its URL, without .git, never hidden. */
export function repoDirectory(url: string): string {
  const last = url.replace(/[/\\]+$/, '').split(/[/\\:]/).pop() ?? '';
  // A leading dot would let a repository named `.quarterdeck` take the agent's own directory.
  const name = last.replace(/\.git$/, '').replace(/[^\w.-]/g, '_').replace(/^\./, '_');
  return name === '' || name === '_' || name === '_.' ? 'repo' : name;
}

/** Every form a URL's password may take in text: as written, and percent-decoded. */
function secretsOf(url: string): string[] {
  try {
    const password = new URL(url).password;
    if (!password) return [];
    return [...new Set([password, decodeURIComponent(password)])];
  } catch {
    return [];
  }
}

/** `text` with the URL's password replaced wherever it appears. */
export function redactUrlSecrets(text: string, url: string): string {
  return secretsOf(url).reduce((redacted, secret) => redacted.split(secret).join('***'), text);
}

/**
 * Runs git in `cwd` as the commands' user, over the allowed transports only, stopped after the
 * clone timeout or when the agent stops. Answers the failure's text (`what` and the tail of the
 * output, the URL's password redacted), or undefined when git succeeded.
 */
function git(args: string[], cwd: string, what: string, url: string, settings: GitSettings): Promise<string | undefined> {
  const env = commandEnv({ GIT_TERMINAL_PROMPT: '0', GIT_ALLOW_PROTOCOL: ALLOWED_PROTOCOLS }, settings.user);
  const child = spawnGroup('git', args, cwd, env, settings.user, 'ignore');
  const output = new Tail(ERROR_TAIL);
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => output.add(chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => output.add(chunk));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    stopGroup(child, 1_000);
  }, settings.cloneTimeoutMs);
  const stop = () => stopGroup(child, 1_000);
  settings.signal.addEventListener('abort', stop, { once: true });
  return exitOf(child).then((code) => {
    clearTimeout(timer);
    settings.signal.removeEventListener('abort', stop);
    if (code === 0 && !timedOut) return undefined;
    const why = timedOut ? `timed out after ${Math.round(settings.cloneTimeoutMs / 1000)} s` : `failed (status ${code})`;
    return redactUrlSecrets(`${what} ${why}:\n${output.toString() || '(no output)'}`, url);
  });
}

/** Commits fetched for a readiness checkout: what conventional_commits reads (50) with room. */
const EVALUATION_DEPTH = '100';

/**
 * A readiness checkout of `url` at `target` (docs/readiness.md): cloned the first time (the
 * default branch, 100 commits deep), else fetched and reset to the remote's default branch with
 * untracked files removed: the checkout is the agent's own, never a user's work directory, so
 * it must read as the remote has it. Answers the failure's text, or undefined.
 */
export async function readinessCheckout(url: string, target: string, settings: GitSettings): Promise<string | undefined> {
  if (!(await exists(join(target, '.git')))) {
    return git(['clone', '--depth', EVALUATION_DEPTH, '--no-tags', '--', url, target], settings.workdir, `git clone ${url}`, url, settings);
  }
  // The clone URL may have changed since the last evaluation.
  const steps: [string[], string][] = [
    [['remote', 'set-url', 'origin', '--', url], 'git remote set-url'],
    [['fetch', '--depth', EVALUATION_DEPTH, '--no-tags', '--prune', 'origin'], `git fetch ${url}`],
    [['reset', '--hard', '@{upstream}'], 'git reset to the remote branch'],
    [['clean', '-ffdxq'], 'git clean'],
  ];
  for (const [args, what] of steps) {
    const failure = await git(args, target, what, url, settings);
    if (failure) return failure;
  }
  return undefined;
}

function gitClone(repo: RepoSpec, target: string, settings: GitSettings): Promise<string | undefined> {
  // `--` keeps a URL that starts with a dash from being read as an option.
  const args = ['clone', ...(repo.branch ? ['--branch', repo.branch] : []), '--', repo.url, target];
  return git(args, settings.workdir, `git clone ${repo.url}`, repo.url, settings);
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * A refresh (POST /api/v0/computers/{id}/refresh): each repository missing from the work
 * directory is cloned, each one there is fast-forwarded (`git pull --ff-only`). A failure is
 * logged and the others go on: the work directory is the user's, and local changes are kept.
 */
export async function refreshRepos(settings: GitSettings): Promise<void> {
  const { workdir, repos, log } = settings;
  for (const repo of repos) {
    if (settings.signal.aborted) return;
    const target = repoDirectory(repo.url);
    if (!(await exists(join(workdir, target)))) {
      log(`cloning ${redactUrlSecrets(repo.url, repo.url)} into ${target}`);
      const failure = await gitClone(repo, target, settings);
      if (failure) log(failure);
      continue;
    }
    const failure = await git(['pull', '--ff-only'], join(workdir, target), `git pull in ${target}`, repo.url, settings);
    log(failure ?? `${target} is up to date`);
  }
}

export async function installDeps(settings: InstallSettings): Promise<InstallOutcome> {
  const { workdir, repos, installCommand, log } = settings;
  for (const repo of repos) {
    const target = repoDirectory(repo.url);
    const shown = redactUrlSecrets(repo.url, repo.url);
    if (await exists(join(workdir, target))) {
      log(`${target} is already in the work directory; not cloning ${shown} again`);
      continue;
    }
    log(`cloning ${shown}${repo.branch ? ` (${repo.branch})` : ''} into ${target}`);
    const failure = await gitClone(repo, target, settings);
    if (failure) return { ok: false, error: failure };
    if (settings.signal.aborted) return { ok: false, error: 'the agent was stopped' };
  }
  if (!installCommand) return { ok: true };
  log(`running the install command in ${workdir}`);
  const child = spawnShell(installCommand, workdir, commandEnv({}, settings.user), settings.user);
  child.stdin?.end();
  const stop = () => stopGroup(child);
  settings.signal.addEventListener('abort', stop, { once: true });
  const tail = new Tail(ERROR_TAIL);
  child.stdout?.on('data', (chunk: Buffer) => tail.add(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => tail.add(chunk.toString()));
  const code = await exitOf(child);
  settings.signal.removeEventListener('abort', stop);
  return code === 0 ? { ok: true } : { ok: false, error: `the install command exited with status ${code}:\n${tail.toString().trimEnd() || '(no output)'}` };
}
