import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsAttributedCostRow, AnalyticsRepositoryRow, AnalyticsTodayRow, AnalyticsUserRow } from '../../../src/sdk/client.js';
import { markAnswer } from '../perf';
import { api } from './client';

// The analytics endpoints (/api/v1/analytics/*, owner/manager), one hook per resource. Charts use
// the grouped answers where one exists: the ungrouped /tokens of a long range carries every
// user's every model per day (a year of 1,000 users is ~77 MB).

export type { AnalyticsAttributedCostRow, AnalyticsRepositoryRow, AnalyticsTodayRow, AnalyticsUserRow };
export interface DayRange {
  startDate: string;
  endDate: string;
}

export type AnalyticsResource = 'tokens' | 'tools' | 'activity' | 'productivity' | 'users' | 'repositories' | 'outcomes' | 'attributed-costs';

// Answers of closed days never change; a range's answers stay fresh for the session's view.
const options = { staleTime: 5 * 60_000, placeholderData: keepPreviousData };

/** Per day and model: credits, tokens and cost; `currency` is the cost's (docs/prices.md). */
export function useTokensByModel(range: DayRange) {
  return useQuery({
    queryKey: ['analytics', 'tokens', 'model', range],
    queryFn: async () => {
      const answer = await api.request('get', '/api/v1/analytics/tokens', { query: { ...range, group_by: 'model' } });
      return answered('tokens', { rows: answer.data.filter(isCostedGroup), currency: answer.meta.currency });
    },
    ...options,
  });
}

/** /tokens per day and team (only `teamId`'s when given), with the cost's currency; `range` null: nothing to ask. */
export function useTokensByTeam(range: DayRange | null, teamId: string | null) {
  return useQuery({
    queryKey: ['analytics', 'tokens', 'team', range, teamId],
    queryFn: async () => {
      const answer = await api.request('get', '/api/v1/analytics/tokens', { query: { ...range!, group_by: 'team', ...(teamId ? { team_id: teamId } : {}) } });
      return { rows: answer.data.filter(isTeamRow), currency: answer.meta.currency };
    },
    enabled: range !== null,
    ...options,
  });
}

function isTeamRow<T extends object>(row: T): row is Extract<T, { team_name: string }> {
  return 'team_name' in row;
}

export function useActivity(range: DayRange) {
  return useQuery({
    queryKey: ['analytics', 'activity', range],
    queryFn: async () => answered('activity', (await api.request('get', '/api/v1/analytics/activity', { query: range })).data.filter(isDaily)),
    ...options,
  });
}

export function useTools(range: DayRange) {
  return useQuery({
    queryKey: ['analytics', 'tools', range],
    queryFn: async () => answered('tools', (await api.request('get', '/api/v1/analytics/tools', { query: range })).data.filter(isDaily)),
    ...options,
  });
}

export function useProductivity(range: DayRange) {
  return useQuery({
    queryKey: ['analytics', 'productivity', range],
    queryFn: async () => answered('productivity', (await api.request('get', '/api/v1/analytics/productivity', { query: range })).data.filter(isDaily)),
    ...options,
  });
}

/** Each repository's figures over the range and its latest readiness result; `currency` is the cost's. */
export function useRepositories(range: DayRange) {
  return useQuery({
    queryKey: ['analytics', 'repositories', range],
    queryFn: async () => {
      const answer = await api.request('get', '/api/v1/analytics/repositories', { query: range });
      return answered('repositories', { rows: answer.data, currency: answer.meta.currency });
    },
    ...options,
  });
}

/** Per day: tokens and cost of each skill, sub-agent, plugin and MCP server the agents attributed usage to. */
export function useAttributedCosts(range: DayRange) {
  return useQuery({
    queryKey: ['analytics', 'attributed-costs', range],
    queryFn: async () => {
      const answer = await api.request('get', '/api/v1/analytics/attributed-costs', { query: range });
      return answered('attributed-costs', { rows: answer.data, currency: answer.meta.currency });
    },
    ...options,
  });
}

/** How often the day in progress is asked again: the card promises figures at most a minute old. */
export const TODAY_REFRESH_MS = 30_000;

/** Today so far (UTC), live: the total, then per person, model and agent product. */
export function useToday() {
  return useQuery({
    queryKey: ['analytics', 'today'],
    queryFn: async () => {
      const answer = await api.request('get', '/api/v1/analytics/today', {});
      return { rows: answer.data, meta: answer.meta };
    },
    // Unlike closed days, today's figures change: never served stale, asked again while shown.
    staleTime: 0,
    refetchInterval: TODAY_REFRESH_MS,
  });
}

export type OutcomesGroup = 'team' | 'repository' | 'user';

/** /outcomes per day (grouped by team, repository or member when given): merged pull requests, AI vs human, with the cost's currency. */
export function useOutcomes(range: DayRange, groupBy?: OutcomesGroup) {
  return useQuery({
    queryKey: ['analytics', 'outcomes', range, groupBy ?? 'day'],
    queryFn: async () => {
      const answer = await api.request('get', '/api/v1/analytics/outcomes', { query: { ...range, ...(groupBy ? { group_by: groupBy } : {}) } });
      return answered('outcomes', { rows: answer.data, currency: answer.meta.currency });
    },
    ...options,
  });
}

/**
 * One page of /users: the daily rows of at most `limit` users whose id sorts after `cursor`
 * (api.md: the cursor is a plain user id). The members table asks for exactly its page's users.
 */
export function useAnalyticsUsersPage(range: DayRange, cursor: string | undefined, limit: number, enabled = true) {
  return useQuery({
    queryKey: ['analytics', 'users', range, cursor ?? '', limit],
    queryFn: async () => answered('users', (await api.request('get', '/api/v1/analytics/users', { query: { ...range, limit, ...(cursor ? { cursor } : {}) } })).data),
    enabled,
    ...options,
  });
}

/**
 * Every member's daily /users rows over the range, all pages of 100 members: the members table
 * sorts, searches and filters all of them (docs/console.md, "Members table").
 */
export function useAnalyticsUsers(range: DayRange, enabled = true) {
  return useQuery({
    queryKey: ['analytics', 'users', range, 'all'],
    queryFn: async () => {
      const rows: AnalyticsUserRow[] = [];
      for await (const row of api.paginateAnalyticsUsers({ query: { ...range, limit: 100 } })) rows.push(row);
      return answered('users', rows);
    },
    enabled,
    ...options,
  });
}

/** The server's CSV of one endpoint (`Accept: text/csv`), byte for byte. */
export function fetchCsv(resource: AnalyticsResource, query: DayRange & { group_by?: string; team_id?: string; limit?: number; cursor?: string }): Promise<string> {
  return api.requestText('get', `/api/v1/analytics/${resource}` as '/api/v1/analytics/activity', { query: query as DayRange, headers: { accept: 'text/csv' } });
}

function answered<T>(resource: AnalyticsResource, rows: T): T {
  markAnswer(resource);
  return rows;
}

/** A grouped row of a model or agent product (not a team's). */
function isCostedGroup<T extends object>(row: T): row is Exclude<Extract<T, { group_key: string }>, { team_name: string }> {
  return 'group_key' in row && !('team_name' in row);
}

function isDaily<T extends object>(row: T): row is Exclude<T, { group_key: string }> {
  return !('group_key' in row);
}
