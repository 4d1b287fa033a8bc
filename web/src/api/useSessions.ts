import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

// Agent sessions (/api/v0/sessions) and their conversations. While an agent works (pending or
// running) the session and its messages are polled, so the page follows without a reload.

const POLL_MS = 1500;
const busy = (status: string | undefined) => status === 'pending' || status === 'running';

export function useSessions() {
  return useQuery({
    queryKey: ['sessions'],
    queryFn: async () => {
      const sessions = [];
      for await (const session of api.paginate('/api/v0/sessions', 'sessions', { query: { limit: 100 } })) sessions.push(session);
      return sessions.sort((a, b) => b.updatedAt - a.updatedAt);
    },
    refetchInterval: (query) => (query.state.data?.some((session) => busy(session.status)) ? POLL_MS * 2 : false),
  });
}

export function useAgentSession(sessionId: string) {
  return useQuery({
    queryKey: ['session', sessionId],
    queryFn: () => api.request('get', '/api/v0/sessions/{sessionId}', { path: { sessionId } }),
    refetchInterval: (query) => (busy(query.state.data?.status) ? POLL_MS : false),
  });
}

export function useMessages(sessionId: string, status: string | undefined) {
  return useQuery({
    // The status in the key: a change (e.g. running → idle) reads the messages once more, so the
    // agent's last message shows even though polling stops when idle.
    queryKey: ['session', sessionId, 'messages', status],
    queryFn: async () => {
      const messages = [];
      // The API lists newest first; a conversation reads from its start.
      for await (const message of api.paginate('/api/v0/sessions/{sessionId}/messages', 'messages', { path: { sessionId }, query: { limit: 100, order: 'asc' } })) messages.push(message);
      return messages;
    },
    // Once the session is read: an unknown session has no messages to ask for, and a known one's
    // status is in the key (asked before it, the messages would be read twice).
    enabled: status !== undefined,
    refetchInterval: busy(status) ? POLL_MS : false,
    placeholderData: (previous) => previous,
  });
}

export function useSendMessage(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.request('post', '/api/v0/sessions/{sessionId}/messages', { path: { sessionId }, body: { text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['session', sessionId] }),
  });
}

export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { title?: string; computerId?: string }) => api.request('post', '/api/v0/sessions', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sessions'] }),
  });
}

/** A new title: the session page and the list show it. */
export function useRenameSession(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => api.request('patch', '/api/v0/sessions/{sessionId}', { path: { sessionId }, body: { title } }),
    onSuccess: (session) => {
      queryClient.setQueryData(['session', sessionId], session);
      return queryClient.invalidateQueries({ queryKey: ['sessions'] });
    },
  });
}

export function useInterruptSession(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request('post', '/api/v0/sessions/{sessionId}/interrupt', { path: { sessionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['session', sessionId] }),
  });
}

export function useDeleteSession(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request('delete', '/api/v0/sessions/{sessionId}', { path: { sessionId } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['session', sessionId] });
      return queryClient.invalidateQueries({ queryKey: ['sessions'] });
    },
  });
}
