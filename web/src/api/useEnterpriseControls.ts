import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

// The organization's enterprise controls (owner/manager): the current settings and revision,
// saving a merge patch against the revision the person edited (If-Match), the history and the
// changes of each revision.

const CONTROLS_KEY = ['enterprise-controls'] as const;

export type Settings = Record<string, unknown>;

export function useEnterpriseControls(enabled = true) {
  return useQuery({ queryKey: CONTROLS_KEY, queryFn: () => api.request('get', '/api/v0/organization/enterprise-controls', {}), enabled });
}

export function useKeyCreationRestricted(enabled: boolean) {
  return useQuery({
    queryKey: CONTROLS_KEY,
    queryFn: () => api.request('get', '/api/v0/organization/enterprise-controls', {}),
    enabled,
    select: (controls) => controls.settings.restrictApiKeyCreationToManagers === true,
  });
}

export function useSaveControls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ patch, revision }: { patch: Settings; revision: number }) =>
      api.request('patch', '/api/v0/organization/enterprise-controls', { body: patch, headers: { 'if-match': `"${revision}"` } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(CONTROLS_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: ['enterprise-controls-history'] });
    },
  });
}

export const HISTORY_PAGE_SIZE = 10;

export function useControlsHistory() {
  return useInfiniteQuery({
    queryKey: ['enterprise-controls-history'],
    queryFn: ({ pageParam }) => api.request('get', '/api/v0/organization/enterprise-controls/history', { query: { limit: HISTORY_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.pagination.hasMore ? (page.pagination.nextCursor ?? undefined) : undefined),
  });
}

export function useRevisionDiff(revision: number, enabled: boolean) {
  return useQuery({
    queryKey: ['enterprise-controls-diff', revision],
    queryFn: () => api.request('get', '/api/v0/organization/enterprise-controls/history/{revision}/diff', { path: { revision } }),
    enabled,
    staleTime: Infinity,
  });
}
