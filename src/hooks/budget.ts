import { readFile } from 'node:fs/promises';
import type { CreditStanding } from '../domain/credit-standing.js';
import { privateCacheFile, writePrivateFile } from './private-files.js';

// The budget hook (docs/hooks.md "quarterdeck hooks budget"): before a prompt, where the member
// stands against their monthly credit limit. It answers from a short cache so a prompt never
// waits for the server, and lets the prompt through, saying so, when the server cannot answer in
// time: a budget warning must never cost a member their work.

export const DEFAULT_WARN_AT_PERCENT = 75;
export const DEFAULT_BUDGET_TIMEOUT_MS = 1_500;
export const DEFAULT_CACHE_SECONDS = 45;

export interface BudgetCheck {
  url: string;
  apiKey: string;
  /** Below this share of the limit used, nothing is said. */
  warnAtPercent: number;
  /** Bound on the request to the server. */
  timeoutMs: number;
  /** How long an answer is reused; 0: always ask. */
  cacheSeconds: number;
  cacheFile: string;
  now?: () => number;
}

export type BudgetVerdict =
  /** No limit, or below the warning threshold: nothing to say. */
  | { kind: 'quiet' }
  | { kind: 'warn'; message: string }
  /** The limit is reached: the prompt is blocked (exit 2). */
  | { kind: 'block'; message: string }
  /** The figures could not be had: the prompt goes through and the member is told. */
  | { kind: 'unchecked'; message: string };

/**
 * One file per server and key (a hash of both, so the key is not written in the name), under
 * `$XDG_CACHE_HOME/quarterdeck`, else under the user's Quarterdeck config folder.
 */
export function budgetCacheFile(env: NodeJS.ProcessEnv, url: string, apiKey: string): string {
  return privateCacheFile(env, 'budget', url, apiKey);
}

interface CacheEntry {
  fetchedAt: number;
  standing: CreditStanding;
}

function isStanding(value: unknown): value is CreditStanding {
  const standing = value as CreditStanding;
  const numberOrNull = (field: unknown) => field === null || typeof field === 'number';
  return typeof value === 'object' && value !== null && typeof standing.used === 'number' && typeof standing.month === 'string' && numberOrNull(standing.limit) && numberOrNull(standing.remaining) && numberOrNull(standing.percent);
}

/** The cached figures while fresh; anything unreadable counts as no cache. */
async function cachedStanding(check: BudgetCheck, now: number): Promise<CreditStanding | undefined> {
  if (check.cacheSeconds <= 0) return undefined;
  try {
    const entry = JSON.parse(await readFile(check.cacheFile, 'utf8')) as CacheEntry;
    const age = now - entry.fetchedAt;
    return age >= 0 && age < check.cacheSeconds * 1000 && isStanding(entry.standing) ? entry.standing : undefined;
  } catch {
    return undefined;
  }
}

/** Written to a private sibling and renamed over the file, so a reader never sees half of it. */
async function cacheStanding(check: BudgetCheck, standing: CreditStanding, now: number): Promise<void> {
  if (check.cacheSeconds <= 0) return;
  await writePrivateFile(check.cacheFile, JSON.stringify({ fetchedAt: now, standing } satisfies CacheEntry));
}

/** The server did not answer in time. */
class NoAnswer extends Error {}

/**
 * GET limits/me with node:http(s) rather than fetch: on Node 20 the first fetch of a process
 * loads its HTTP client, some 30 ms of every prompt (docs/performance.md "Budget hook"). The
 * deadline covers the whole exchange, connection to last byte.
 */
async function fetchStanding(check: BudgetCheck): Promise<CreditStanding> {
  const target = new URL('/api/v0/organization/usage/limits/me', check.url);
  const { request } = target.protocol === 'https:' ? await import('node:https') : await import('node:http');
  const body = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const outgoing = request(target, { headers: { authorization: `Bearer ${check.apiKey}`, accept: 'application/json' } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      response.on('error', reject);
    });
    const deadline = setTimeout(() => outgoing.destroy(new NoAnswer()), check.timeoutMs);
    outgoing.on('error', reject);
    outgoing.on('close', () => clearTimeout(deadline));
    outgoing.end();
  });
  let answer: unknown;
  try {
    answer = JSON.parse(body.text);
  } catch {
    answer = undefined;
  }
  if (body.status !== 200) {
    const detail = (answer as { detail?: unknown } | undefined)?.detail;
    throw new Error(`${check.url} answered ${body.status}${typeof detail === 'string' ? `: ${detail}` : ''}`);
  }
  if (!isStanding(answer)) throw new Error(`${check.url} answered something that is not a credit standing`);
  return answer;
}

function whyUnchecked(error: unknown, check: BudgetCheck): string {
  if (error instanceof NoAnswer) return `no answer from ${check.url} within ${check.timeoutMs} ms`;
  const code = (error as NodeJS.ErrnoException).code;
  return code ? `${check.url} could not be reached (${code})` : (error as Error).message;
}

const credits = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** What the figures call for. */
export function budgetVerdict(standing: CreditStanding, warnAtPercent: number): BudgetVerdict {
  const { limit, used, remaining, percent, month } = standing;
  if (limit === null || percent === null || remaining === null) return { kind: 'quiet' };
  if (used >= limit) {
    return {
      kind: 'block',
      message: `Quarterdeck: your monthly credit limit is reached (${credits(used)} of ${credits(limit)} Standard Credits used in ${month}, UTC). New prompts are blocked until an owner or manager raises your limit or the month ends.`,
    };
  }
  if (percent < warnAtPercent) return { kind: 'quiet' };
  return { kind: 'warn', message: `Quarterdeck: ${percent}% of your monthly credit limit used; ${credits(remaining)} of ${credits(limit)} Standard Credits left in ${month} (UTC).` };
}

/** Never throws: whatever goes wrong, the answer lets the prompt through. */
export async function checkBudget(check: BudgetCheck): Promise<BudgetVerdict> {
  const now = (check.now ?? Date.now)();
  const cached = await cachedStanding(check, now);
  if (cached) return budgetVerdict(cached, check.warnAtPercent);
  let standing: CreditStanding;
  try {
    standing = await fetchStanding(check);
  } catch (error) {
    return { kind: 'unchecked', message: `Quarterdeck: credit budget not checked (${whyUnchecked(error, check)}); the prompt goes through.` };
  }
  // A cache that cannot be written only costs the next prompt a request.
  await cacheStanding(check, standing, now).catch(() => undefined);
  return budgetVerdict(standing, check.warnAtPercent);
}
