import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/store.js';
import type { Attribution } from '../domain/agent-attribution.js';
import { addDays } from '../domain/dates.js';
import type { PullRequestState } from '../domain/git-facts.js';
import { invalidInput, notFound } from '../domain/errors.js';
import type { PriceBook } from '../domain/prices.js';
import { addCosts, CLOSED_UNMERGED, loadPullRequests, type PullRequestOutcome } from './outcomes.js';
import { byteOrder } from './order.js';

// GET /api/v0/pull-requests and /{id} (docs/outcomes.md "The pull request list"): each pull request
// with its class, the evidence behind it, its times and its cost. The class and the people of a
// pull request come from its commits, so the filters on them apply after loading the pull requests
// the other filters select; the cost is computed for the page only.

export interface PullRequestFilters {
  repository?: string | undefined;
  attribution?: Attribution | undefined;
  state?: PullRequestState | undefined;
  /** Merged on or after this UTC day (YYYY-MM-DD). */
  mergedFrom?: string | undefined;
  /** Merged on or before this UTC day. */
  mergedTo?: string | undefined;
  userId?: string | undefined;
}

// A pull request's id: a digest of its host, repository and number (short enough for a path; the
// key itself can be long). md5 because PostgreSQL and PGlite both compute it, to find one by id.
const idKey = sql`md5(p.git_host_id || chr(10) || p.repository || chr(10) || p.number::text)`;

export function pullRequestId(pull: { gitHostId: string; repository: string; number: number }): string {
  return `gpr_${createHash('md5').update(`${pull.gitHostId}\n${pull.repository}\n${pull.number}`).digest('hex')}`;
}

export function stateOf(pull: PullRequestOutcome): PullRequestState {
  if (pull.merged) return 'merged';
  return pull.closedAt !== null ? 'closed' : 'open';
}

/** The time a pull request is listed by: its merge, its close, else its opening. */
const listedAt = (pull: PullRequestOutcome) => (pull.mergedAt ?? pull.closedAt ?? pull.openedAt)?.getTime() ?? 0;

function whereOf(filters: PullRequestFilters): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`TRUE`];
  if (filters.repository !== undefined) conditions.push(sql`p.repository = ${filters.repository}`);
  if (filters.state === 'merged') conditions.push(sql`p.merged_at IS NOT NULL`);
  if (filters.state === 'closed') conditions.push(CLOSED_UNMERGED);
  if (filters.state === 'open') conditions.push(sql`(p.merged_at IS NULL AND NOT ${CLOSED_UNMERGED})`);
  if (filters.mergedFrom !== undefined) conditions.push(sql`p.merged_at >= ${new Date(`${filters.mergedFrom}T00:00:00Z`)}`);
  if (filters.mergedTo !== undefined) conditions.push(sql`p.merged_at < ${new Date(`${addDays(filters.mergedTo, 1)}T00:00:00Z`)}`);
  return sql.join(conditions, sql` AND `);
}

/**
 * A page of the organization's pull requests that match the filters, newest first (by merge,
 * close, else opening time; then id in byte order), with their cost. `after` is the key of the
 * last one of the previous page.
 */
export async function listPullRequests(db: Db, organizationId: string, filters: PullRequestFilters, prices: PriceBook, page: { after: string | undefined; fetch: number }): Promise<PullRequestOutcome[]> {
  const all = (await loadPullRequests(db, organizationId, whereOf(filters)))
    .filter((pull) => (filters.attribution === undefined || pull.attribution === filters.attribution) && (filters.userId === undefined || pull.userIds.includes(filters.userId)))
    .map((pull) => ({ pull, at: listedAt(pull), id: pullRequestId(pull) }))
    .sort((a, b) => b.at - a.at || byteOrder(a.id, b.id));
  let start = 0;
  if (page.after !== undefined) {
    const after = parseListKey(page.after);
    start = all.findIndex((item) => item.at < after.at || (item.at === after.at && byteOrder(item.id, after.id) > 0));
    if (start === -1) start = all.length;
  }
  const items = all.slice(start, start + page.fetch).map((item) => item.pull);
  await addCosts(db, organizationId, items, prices);
  return items;
}

/** The key a page continues after: the listed time and the id of its last pull request. */
export const listKeyOf = (pull: PullRequestOutcome) => `${listedAt(pull)}|${pullRequestId(pull)}`;

function parseListKey(key: string): { at: number; id: string } {
  const match = /^(\d+)\|(gpr_[0-9a-f]{32})$/.exec(key);
  if (!match) throw invalidInput('cursor is malformed', [{ path: 'querystring/cursor', message: 'malformed cursor' }]);
  return { at: Number(match[1]), id: match[2]! };
}

/** One pull request of the organization, with its cost; not found for an id of another organization or none. */
export async function findPullRequest(db: Db, organizationId: string, id: string, prices: PriceBook): Promise<PullRequestOutcome> {
  const digest = /^gpr_([0-9a-f]{32})$/.exec(id)?.[1];
  if (!digest) throw notFound('pull request');
  const [pull] = await loadPullRequests(db, organizationId, sql`${idKey} = ${digest}`);
  if (!pull) throw notFound('pull request');
  await addCosts(db, organizationId, [pull], prices);
  return pull;
}
