import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, errorStatus, type AgentSessionQuery } from './client';

// Agent sessions (/api/v0/agent-sessions, docs/agent-sessions.md): what the coding agents' own
// telemetry calls a session, with its figures and waste; one session with its timeline. Owners and
// managers get the organization's, a member their own (the API filters, not the console).

/** Pages of sessions, the cursor of each page bound to the filters and sort it was issued for. */
export function useAgentSessions(query: AgentSessionQuery, pageSize = 20, enabled = true) {
  return useInfiniteQuery({
    queryKey: ['agent-sessions', query, pageSize],
    queryFn: ({ pageParam }) => api.request('get', '/api/v0/agent-sessions', { query: { ...query, limit: pageSize, ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.pagination.hasMore ? (page.pagination.nextCursor ?? undefined) : undefined),
    enabled,
  });
}

/** One session and its timeline. A 4xx (an unknown id, another person's session) is the answer: not asked again. */
export function useAgentSessionTimeline(agentSessionId: string) {
  return useQuery({
    queryKey: ['agent-session', agentSessionId],
    queryFn: () => api.request('get', '/api/v0/agent-sessions/{agentSessionId}', { path: { agentSessionId } }),
    retry: (failures, error) => failures < 1 && (errorStatus(error) ?? 500) >= 500,
  });
}
