import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestBody } from '../../../src/sdk/client.js';
import { api, type Budget } from './client';

// Budgets (/api/v0/budgets) with their month's spend and forecast, and the members with a credit
// limit and their month (/api/v0/budgets/members). Spend moves with usage: both are read again
// every minute, the interval at which the server checks thresholds.

const BUDGETS_KEY = ['budgets'] as const;
const REFRESH_MS = 60_000;

async function fetchAllBudgets(): Promise<Budget[]> {
  const budgets: Budget[] = [];
  for await (const budget of api.paginate('/api/v0/budgets', 'budgets', { query: { limit: 100 } })) budgets.push(budget);
  return budgets;
}

export function useBudgets(enabled = true) {
  return useQuery({ queryKey: BUDGETS_KEY, queryFn: fetchAllBudgets, enabled, refetchInterval: REFRESH_MS });
}

/** Members with an effective credit limit: what they used this month, its share and the month-end forecast. */
export function useMemberLimits(enabled = true) {
  return useQuery({
    queryKey: [...BUDGETS_KEY, 'members'],
    queryFn: async () => api.request('get', '/api/v0/budgets/members', { query: { sort: 'percent' } }),
    enabled,
    refetchInterval: REFRESH_MS,
  });
}

function useBudgetsMutation<A, R>(call: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: BUDGETS_KEY }) });
}

export function useCreateBudget() {
  return useBudgetsMutation((body: RequestBody<'/api/v0/budgets', 'post'>) => api.request('post', '/api/v0/budgets', { body }));
}

export function useUpdateBudget() {
  return useBudgetsMutation(({ budgetId, changes }: { budgetId: string; changes: RequestBody<'/api/v0/budgets/{budgetId}', 'patch'> }) =>
    api.request('patch', '/api/v0/budgets/{budgetId}', { path: { budgetId }, body: changes }),
  );
}

export function useDeleteBudget() {
  return useBudgetsMutation((budgetId: string) => api.request('delete', '/api/v0/budgets/{budgetId}', { path: { budgetId } }));
}
