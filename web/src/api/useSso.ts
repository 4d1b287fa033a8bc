import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type SsoSettingsInput } from './client';

// The organization's single sign-on settings (/api/v0/organization/sso, owners only).

const SSO_KEY = ['sso'] as const;

export function useSsoSettings() {
  return useQuery({ queryKey: SSO_KEY, queryFn: () => api.request('get', '/api/v0/organization/sso', {}) });
}

function useSsoMutation<A, R>(call: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: SSO_KEY }) });
}

export function useSaveSsoSettings() {
  return useSsoMutation((body: SsoSettingsInput) => api.request('put', '/api/v0/organization/sso', { body }));
}

export function useRemoveSsoSettings() {
  return useSsoMutation(() => api.request('delete', '/api/v0/organization/sso', {}));
}
