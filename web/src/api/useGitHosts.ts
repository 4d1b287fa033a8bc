import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type GitDelivery, type GitHost } from './client';

// Connected git hosts (/api/v0/git-hosts) and the deliveries each received. Connecting answers
// the webhook secret once; removing takes the host's history with it.

export type { GitDelivery, GitHost };
export type GitProvider = GitHost['provider'];

const GIT_HOSTS_KEY = ['git-hosts'] as const;
/** How many of a host's newest deliveries the console shows. */
export const DELIVERIES_SHOWN = 20;

async function fetchAllGitHosts(): Promise<GitHost[]> {
  const hosts: GitHost[] = [];
  for await (const host of api.paginate('/api/v0/git-hosts', 'gitHosts', { query: { limit: 100 } })) hosts.push(host);
  return hosts;
}

export function useGitHosts() {
  return useQuery({ queryKey: GIT_HOSTS_KEY, queryFn: fetchAllGitHosts });
}

export function useGitHostDeliveries(gitHostId: string) {
  return useQuery({
    queryKey: [...GIT_HOSTS_KEY, gitHostId, 'deliveries'],
    queryFn: async () => (await api.request('get', '/api/v0/git-hosts/{gitHostId}/deliveries', { path: { gitHostId }, query: { limit: DELIVERIES_SHOWN } })).deliveries,
    // The check after pasting the URL and secret: the host's ping shows up on its own.
    refetchInterval: 5000,
  });
}

function useGitHostsMutation<A, R>(call: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: GIT_HOSTS_KEY }) });
}

export function useConnectGitHost() {
  return useGitHostsMutation((body: { provider: GitProvider; name?: string }) => api.request('post', '/api/v0/git-hosts', { body }));
}

export function useRemoveGitHost() {
  return useGitHostsMutation((gitHostId: string) => api.request('delete', '/api/v0/git-hosts/{gitHostId}', { path: { gitHostId } }));
}
