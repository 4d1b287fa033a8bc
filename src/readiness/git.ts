import { execFile } from 'node:child_process';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

// What the evaluator asks git, through the `git` binary: the files of the checkout and the
// facts a report carries. A checkout is untrusted: git never looks above it for a repository
// (GIT_CEILING_DIRECTORIES), and the configuration keys that make a read run a program of the
// repository's choosing (core.fsmonitor, a diff or text-conversion driver) are switched off.

const run = promisify(execFile);

const SAFE_CONFIG = ['-c', 'core.fsmonitor=false', '-c', 'core.untrackedCache=false', '-c', 'diff.external=', '-c', 'core.pager=cat'];
const MAX_OUTPUT = 256 * 1024 * 1024;

export interface GitFacts {
  /** Tracked files plus untracked ones git does not ignore, relative to the checkout. */
  files: string[];
  commitHash?: string;
  branch?: string;
  hasLocalChanges: boolean;
  hasNonRemoteCommits?: boolean;
  remoteUrl?: string;
  /** Subjects of the last 50 commits, newest first. */
  recentSubjects: string[];
}

async function git(root: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', [...SAFE_CONFIG, '-C', root, ...args], {
    maxBuffer: MAX_OUTPUT,
    env: { ...process.env, GIT_CEILING_DIRECTORIES: dirname(root), GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
  });
  return stdout;
}

async function optional(root: string, args: string[]): Promise<string | undefined> {
  try {
    return (await git(root, args)).trim();
  } catch {
    return undefined;
  }
}

/** Git's facts about the checkout at `root` (a real path), or null when it is no git work tree. */
export async function readGitFacts(root: string): Promise<GitFacts | null> {
  const inside = await optional(root, ['rev-parse', '--is-inside-work-tree']);
  if (inside !== 'true') return null;
  const [listing, commitHash, branch, status, remotes] = await Promise.all([
    git(root, ['ls-files', '--cached', '--others', '--exclude-standard', '--deduplicate', '-z', '--', '.']),
    optional(root, ['rev-parse', '--verify', '--quiet', 'HEAD']),
    optional(root, ['symbolic-ref', '--quiet', '--short', 'HEAD']),
    optional(root, ['status', '--porcelain', '--untracked-files=normal']),
    optional(root, ['remote']),
  ]);
  const remoteNames = (remotes ?? '').split('\n').filter(Boolean);
  const remote = remoteNames.includes('origin') ? 'origin' : remoteNames[0];
  const [remoteUrl, unpushed, subjects] = await Promise.all([
    remote ? optional(root, ['remote', 'get-url', remote]) : undefined,
    commitHash ? optional(root, ['rev-list', '--max-count=1', 'HEAD', '--not', '--remotes']) : undefined,
    commitHash ? optional(root, ['log', '--max-count=50', '--no-merges', '--format=%s']) : undefined,
  ]);
  return {
    files: listing.split('\0').filter(Boolean),
    ...(commitHash ? { commitHash } : {}),
    ...(branch ? { branch } : {}),
    hasLocalChanges: (status ?? '') !== '',
    ...(commitHash ? { hasNonRemoteCommits: (unpushed ?? '') !== '' } : {}),
    ...(remoteUrl ? { remoteUrl } : {}),
    recentSubjects: (subjects ?? '').split('\n').filter(Boolean),
  };
}
