import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

// SCIM tokens (GET/POST /api/v0/organization/scim-tokens, DELETE …/{id}; owners only), with the
// SCIM base URL the list answers beside them.

const SCIM_TOKENS_KEY = ['scim-tokens'] as const;

export function useScimTokens() {
  // An organization has a handful of tokens (one per provider): the first hundred is all of them.
  return useQuery({ queryKey: SCIM_TOKENS_KEY, queryFn: () => api.request('get', '/api/v0/organization/scim-tokens', { query: { limit: 100 } }) });
}

export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.request('post', '/api/v0/organization/scim-tokens', { body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCIM_TOKENS_KEY }),
  });
}

export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.request('delete', '/api/v0/organization/scim-tokens/{id}', { path: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCIM_TOKENS_KEY }),
  });
}
