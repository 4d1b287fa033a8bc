import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

// Credit limits (owner/manager): the global limit and the per-user overrides with this month's
// use; and, for members without an override, their credits this month from /analytics/users.

const LIMITS_KEY = ['credit-limits'] as const;

export function useUserLimits() {
  return useQuery({ queryKey: LIMITS_KEY, queryFn: () => api.request('get', '/api/v0/organization/usage/limits/users', {}) });
}

/** Every user's Standard Credits on the closed days of this UTC month (none on the 1st). */
export function useMonthCredits(range: { startDate: string; endDate: string } | null) {
  return useQuery({
    queryKey: ['analytics', 'month-credits', range],
    enabled: range !== null,
    queryFn: async () => {
      const credits = new Map<string, number>();
      for await (const row of api.paginateAnalyticsUsers({ query: { ...range!, limit: 100 } })) credits.set(row.user_id, (credits.get(row.user_id) ?? 0) + row.billable_tokens);
      return credits;
    },
  });
}

export type LimitEntry = { email: string; limit: number | null };
export type LimitsAnswer = { updated: LimitEntry[]; errors: { email: string; error: string }[] };

export const LIMITS_BATCH = 100;

export function useSetUserLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    /** Sends the entries in PUT batches of at most 100 (the API's bound); the answers joined. */
    mutationFn: async (entries: LimitEntry[]): Promise<LimitsAnswer> => {
      const joined: LimitsAnswer = { updated: [], errors: [] };
      for (let start = 0; start < entries.length; start += LIMITS_BATCH) {
        const answer = await api.request('put', '/api/v0/organization/usage/limits/users', { body: { users: entries.slice(start, start + LIMITS_BATCH) } });
        joined.updated.push(...answer.updated);
        joined.errors.push(...answer.errors);
      }
      return joined;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: LIMITS_KEY }),
  });
}

export function useSetGlobalLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (limit: number | null) => api.request('put', '/api/v0/organization/usage/limits/global', { body: { limit } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIMITS_KEY }),
  });
}
