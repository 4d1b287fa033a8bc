import { repoIdOf } from './repo-id.js';

// The rules of readiness evaluated on computers (docs/readiness.md, "Every repository, every
// night"), with no I/O: what a clone URL may be, when a night's evaluations are due, how many
// times a failed evaluation is tried and how long it waits between tries.

export const EVALUATION_TRIGGERS = ['nightly', 'push', 'request'] as const;
export type EvaluationTrigger = (typeof EVALUATION_TRIGGERS)[number];
export const EVALUATION_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUSES)[number];

/** Tries of one evaluation, the first included: a clone that fails three times is not a blip. */
export const MAX_ATTEMPTS = 3;
/** A computer that claimed an evaluation and has not answered within this long lost it (a clone of a large repository plus the evaluation fit well within). */
export const EVALUATION_LEASE_MS = 15 * 60_000;
/** A computer counts as online when it sent a heartbeat this recently. */
export const ONLINE_WITHIN_MS = 5 * 60_000;
/** A queued evaluation no computer claimed within this long fails rather than wait for ever. */
export const UNCLAIMED_AFTER_MS = 24 * 3_600_000;

/** The wait before try n+1 after n failed tries: retryDelayMs, then twice, four times that. */
export function retryDelay(attempts: number, retryDelayMs: number): number {
  return retryDelayMs * 2 ** Math.max(0, attempts - 1);
}

/** The UTC night an instant belongs to, as YYYY-MM-DD, once `hour` (UTC) has passed; undefined before. */
export function dueNight(now: Date, hour: number): string | undefined {
  return now.getUTCHours() >= hour ? now.toISOString().slice(0, 10) : undefined;
}

const REMOTE_SCHEMES = new Set(['https:', 'http:', 'ssh:', 'git:']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Why a clone URL cannot be given to computers, or undefined when it can: https, http, ssh, git
 * or scp-like (git@host:owner/name). A file:// URL or a loopback host only with `allowLocal`
 * (tests and local trials: a computer is not to read its own disk on a manager's say-so).
 * Never an option-looking value or one of git's transports that run programs (ext::, fd::).
 */
export function cloneUrlProblem(cloneUrl: string, allowLocal: boolean): string | undefined {
  if (cloneUrl.startsWith('-') || /\s/.test(cloneUrl) || /^[a-z][a-z0-9+.-]*::/i.test(cloneUrl)) return 'not a clone URL';
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(cloneUrl)?.[1]?.toLowerCase();
  if (scheme === 'file') return allowLocal ? undefined : 'file:// URLs are refused (set READINESS_LOCAL_REMOTES=true to allow local remotes)';
  if (scheme === undefined) return repoIdOf(cloneUrl) !== undefined && /^[^/]+@[^:/]+:/.test(cloneUrl) ? undefined : 'expected https://, ssh://, git:// or user@host:owner/name';
  if (!REMOTE_SCHEMES.has(`${scheme}:`)) return `the ${scheme}:// scheme is refused`;
  let host: string;
  try {
    host = new URL(cloneUrl).hostname.toLowerCase();
  } catch {
    return 'not a URL';
  }
  if (!allowLocal && (LOOPBACK_HOSTS.has(host) || host.startsWith('127.'))) return 'loopback hosts are refused (set READINESS_LOCAL_REMOTES=true to allow local remotes)';
  return undefined;
}

/** The clone URL of a repository known only by its id: https on its host. */
export function defaultCloneUrl(repoId: string): string {
  return `https://${repoId}.git`;
}
