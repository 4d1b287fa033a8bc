import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { markAnswer } from '../perf';
import { api, type ApiKey } from './client';

// API keys (GET/POST /api/v0/api-keys, DELETE /api/v0/api-keys/{id}): the person's own, or
// every live key of the organization for an owner or manager.

const KEYS_KEY = ['api-keys'] as const;

async function fetchAllKeys(): Promise<ApiKey[]> {
  const keys: ApiKey[] = [];
  for await (const key of api.paginate('/api/v0/api-keys', 'apiKeys', { query: { limit: 100 } })) keys.push(key);
  // bench/console.ts's floor: a small answer drawn on a simple page.
  markAnswer('api-keys');
  return keys;
}

export function useApiKeys() {
  return useQuery({ queryKey: KEYS_KEY, queryFn: fetchAllKeys });
}

/** How far ahead the API keys page warns of keys about to expire. */
export const EXPIRY_WARNING_DAYS = 14;

/** Working keys that expire within EXPIRY_WARNING_DAYS (the caller's own; a manager's: all). */
export function useExpiringApiKeys() {
  return useQuery({
    queryKey: [...KEYS_KEY, 'expiring', EXPIRY_WARNING_DAYS],
    queryFn: async () => {
      const keys: ApiKey[] = [];
      for await (const key of api.paginate('/api/v0/api-keys', 'apiKeys', { query: { limit: 100, expiringWithinDays: EXPIRY_WARNING_DAYS } })) keys.push(key);
      return keys;
    },
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    // kind 'ingest': a key that can only send telemetry (owners and managers create them).
    mutationFn: (body: { name: string; expiresAt?: number; kind?: 'personal' | 'ingest' }) => api.request('post', '/api/v0/api-keys', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS_KEY }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.request('delete', '/api/v0/api-keys/{id}', { path: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS_KEY }),
  });
}
