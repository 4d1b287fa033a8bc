import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type PullRequest } from './client';
import type { DayRange } from './useAnalytics';

// The pull requests merged over a range (/api/v0/pull-requests), newest first, each with its class
// and the evidence behind it. The console shows the newest page: `hasMore` says more were merged.

export type { PullRequest };

/** How many of the range's merged pull requests the console lists. */
export const PULL_REQUESTS_SHOWN = 100;

export function useMergedPullRequests(range: DayRange) {
  return useQuery({
    queryKey: ['pull-requests', 'merged', range],
    queryFn: async () => {
      const answer = await api.request('get', '/api/v0/pull-requests', { query: { state: 'merged', mergedFrom: range.startDate, mergedTo: range.endDate, limit: PULL_REQUESTS_SHOWN } });
      return { pullRequests: answer.pullRequests, hasMore: answer.pagination.hasMore };
    },
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
