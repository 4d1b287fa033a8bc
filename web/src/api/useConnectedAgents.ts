import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type TelemetryIdentity } from './client';

// Connected agents (owner/manager): today's connections, live from the receiver's counters, and
// the identities no member matches yet, with linking one to a member.

const CONNECTIONS_KEY = ['connected-agents'] as const;
const IDENTITIES_KEY = ['telemetry-identities'] as const;

/** Often enough that a new laptop shows within a minute of its first export. */
export const CONNECTIONS_REFRESH_MS = 15_000;

export function useConnectedAgents() {
  return useQuery({
    queryKey: CONNECTIONS_KEY,
    // The day's connections and the versions in use across the fleet, in one answer.
    queryFn: () => api.request('get', '/api/v0/organization/connected-agents', {}),
    refetchInterval: CONNECTIONS_REFRESH_MS,
  });
}

async function fetchUnattributed(): Promise<TelemetryIdentity[]> {
  const identities: TelemetryIdentity[] = [];
  for await (const identity of api.paginate('/api/v0/organization/telemetry-identities', 'identities', { query: { limit: 100 } })) identities.push(identity);
  return identities;
}

export function useUnattributedIdentities() {
  return useQuery({ queryKey: IDENTITIES_KEY, queryFn: fetchUnattributed, refetchInterval: CONNECTIONS_REFRESH_MS });
}

export function useLinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ identityId, userId }: { identityId: string; userId: string }) =>
      api.request('post', '/api/v0/organization/telemetry-identities/{id}/link', { path: { id: identityId }, body: { userId } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: IDENTITIES_KEY }), queryClient.invalidateQueries({ queryKey: CONNECTIONS_KEY })]),
  });
}
