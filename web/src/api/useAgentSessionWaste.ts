import { useQuery } from '@tanstack/react-query';
import { api } from './client';

// The waste found in agent sessions this month (/api/v0/agent-sessions/waste): per pattern with
// its suggested fix, per repository and per agent. Read again every ten minutes, the interval at
// which the server decides abandoned sessions.

export function useAgentSessionWaste(month?: string) {
  return useQuery({
    queryKey: ['agent-sessions', 'waste', month ?? 'current'],
    queryFn: () => api.request('get', '/api/v0/agent-sessions/waste', { query: month === undefined ? {} : { month } }),
    refetchInterval: 600_000,
  });
}
