import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Preferences } from './client';

// The signed-in person's own preferences (/api/v0/organization/users/me/preferences): whether
// Quarterdeck e-mails them (docs/email.md).

const PREFERENCES_KEY = ['preferences'] as const;

export function usePreferences() {
  return useQuery({ queryKey: PREFERENCES_KEY, queryFn: async () => (await api.request('get', '/api/v0/organization/users/me/preferences', {})).preferences });
}

export function useSetPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Partial<Preferences>) => (await api.request('patch', '/api/v0/organization/users/me/preferences', { body: changes })).preferences,
    // A read still on its way (the menu's refetch on opening) would land after the change and
    // show the old value again: it is cancelled first.
    onMutate: () => queryClient.cancelQueries({ queryKey: PREFERENCES_KEY }),
    onSuccess: (preferences) => queryClient.setQueryData(PREFERENCES_KEY, preferences),
  });
}
