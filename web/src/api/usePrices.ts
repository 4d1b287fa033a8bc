import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

// The organization's prices (docs/prices.md): members read them, owners and managers change them.

const PRICES_KEY = ['prices'] as const;

export type ModelPrices = { input: number; output: number; cacheRead: number; cacheWrite: number };

export function usePrices() {
  return useQuery({ queryKey: PRICES_KEY, queryFn: () => api.request('get', '/api/v0/organization/prices', {}) });
}

/** A change recomputes the analytics' costs: their cached answers go too. */
function useInvalidatePrices() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: PRICES_KEY });
    await queryClient.invalidateQueries({ queryKey: ['analytics'] });
  };
}

export function useSetPriceSettings() {
  const invalidate = useInvalidatePrices();
  return useMutation({
    mutationFn: (body: { currency?: string; discount?: number }) => api.request('patch', '/api/v0/organization/prices', { body }),
    onSuccess: invalidate,
  });
}

/** `prices: null` goes back to the dataset's price. */
export function useSetModelPrice() {
  const invalidate = useInvalidatePrices();
  return useMutation({
    mutationFn: (entry: { modelId: string; prices: ModelPrices | null }) => api.request('put', '/api/v0/organization/prices/models', { body: { models: [entry] } }),
    onSuccess: invalidate,
  });
}
