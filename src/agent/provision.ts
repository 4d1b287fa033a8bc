import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { commandEnv, exitOf, spawnShell, Tail } from './processes.js';

// The install-deps step on this machine: clone the computer's repositories into the work
// directory (a directory already there is kept: a restarted agent does not clone twice), then
// run the install command there. The outcome carries the tail of the output for the error.

export interface RepoSpec {
  url: string;
  branch?: string;
}

export type InstallOutcome = { ok: true } | { ok: false; error: string };

/** The error text the server stores is at most 10,000 characters; the tail is what matters. */
const ERROR_TAIL = 4_000;

/** The directory a repository is cloned into: the last part of its URL, without .git. */
export function repoDirectory(url: string): string {
  const last = url.replace(/[/\\]+$/, '').split(/[/\\:]/).pop() ?? '';
  const name = last.replace(/\.git$/, '').replace(/[^\w.-]/g, '_');
  return name === '' || name === '.' || name === '..' ? 'repo' : name;
}

async function gitClone(repo: RepoSpec, target: string, cwd: string): Promise<string | undefined> {
  // `--` keeps a URL that starts with a dash from being read as an option.
  const failure = await git(['clone', ...(repo.branch ? ['--branch', repo.branch] : []), '--', repo.url, target], cwd);
  return failure === undefined ? undefined : `git clone ${repo.url} failed:\n${failure}`;
}

function git(args: string[], cwd: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd, env: commandEnv({ GIT_TERMINAL_PROMPT: '0' }), maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve(error ? `${stdout}${stderr}`.slice(-ERROR_TAIL) || error.message : undefined);
    });
  });
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
export async function refreshRepos(workdir: string, repos: readonly RepoSpec[], log: (text: string) => void): Promise<void> {
  for (const repo of repos) {
    const target = repoDirectory(repo.url);
    if (!(await exists(join(workdir, target)))) {
      log(`cloning ${repo.url} into ${target}`);
      const failure = await gitClone(repo, target, workdir);
      if (failure) log(failure);
      continue;
    }
    const failure = await git(['pull', '--ff-only'], join(workdir, target));
    log(failure ? `git pull in ${target} failed:\n${failure}` : `${target} is up to date`);
  }
}

export async function installDeps(workdir: string, repos: readonly RepoSpec[], installCommand: string | undefined, log: (text: string) => void): Promise<InstallOutcome> {
  for (const repo of repos) {
    const target = repoDirectory(repo.url);
    if (await exists(join(workdir, target))) {
      log(`${target} is already in the work directory; not cloning ${repo.url} again`);
      continue;
    }
    log(`cloning ${repo.url}${repo.branch ? ` (${repo.branch})` : ''} into ${target}`);
    const failure = await gitClone(repo, target, workdir);
    if (failure) return { ok: false, error: failure };
  }
  if (!installCommand) return { ok: true };
  log(`running the install command in ${workdir}`);
  const child = spawnShell(installCommand, workdir, commandEnv({}));
  child.stdin?.end();
  const tail = new Tail(ERROR_TAIL);
  child.stdout?.on('data', (chunk: Buffer) => tail.add(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => tail.add(chunk.toString()));
  const code = await exitOf(child);
  return code === 0 ? { ok: true } : { ok: false, error: `the install command exited with status ${code}:\n${tail.toString().trimEnd() || '(no output)'}` };
}
