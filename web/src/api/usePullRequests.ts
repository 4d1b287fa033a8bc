import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, type PullRequest } from './client';
import type { DayRange } from './useAnalytics';

// The pull requests merged over a range (/api/v0/pull-requests), newest first, each with its class
// and the evidence behind it, a page at a time: a month of a busy organization merges hundreds, and
// a table of all of them makes the page many screens tall before the reader asked for them.

export type { PullRequest };

/** How many merged pull requests a page of the console's list holds. */
export const PULL_REQUESTS_PAGE = 20;

export function useMergedPullRequests(range: DayRange) {
  return useInfiniteQuery({
    queryKey: ['pull-requests', 'merged', range],
    queryFn: ({ pageParam }) =>
      api.request('get', '/api/v0/pull-requests', {
        query: { state: 'merged', mergedFrom: range.startDate, mergedTo: range.endDate, limit: PULL_REQUESTS_PAGE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.pagination.hasMore ? (page.pagination.nextCursor ?? undefined) : undefined),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
