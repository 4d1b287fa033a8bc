import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorStatus, rememberCsrfToken, type ConsoleSession } from './client';

// The signed-in person (GET /api/v0/auth/session) and the ways in and out of the console.

const SESSION_KEY = ['session'] as const;

async function fetchSession(): Promise<ConsoleSession | null> {
  try {
    const session = await api.request('get', '/api/v0/auth/session', {});
    rememberCsrfToken(session.csrfToken);
    return session;
  } catch (error) {
    if (errorStatus(error) === 401) return null;
    throw error;
  }
}

export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 60_000 });
}

/** After any way in: the answer is the new session; every other cached answer is stale. */
function useSignedIn() {
  const queryClient = useQueryClient();
  return (session: ConsoleSession) => {
    rememberCsrfToken(session.csrfToken);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    queryClient.setQueryData(SESSION_KEY, session);
  };
}

export function useSignIn() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => api.request('post', '/api/v0/auth/sign-in', { body }),
    onSuccess: signedIn,
  });
}

/** The sign-in page's e-mail step: single sign-on (go to the provider) or the password step. */
export function useSignInRoute() {
  return useMutation({
    mutationFn: (body: { email: string }) => api.request('post', '/api/v0/auth/sso/start', { body }),
    onSuccess: (answer) => {
      if (answer.method === 'sso' && answer.redirectUrl) window.location.assign(answer.redirectUrl);
    },
  });
}

export function useAcceptInvitation() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => api.request('post', '/api/v0/auth/invitations/accept', { body }),
    onSuccess: signedIn,
  });
}

export function useSetup() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: { token: string; organizationName: string; email: string; name?: string; password: string }) => api.request('post', '/api/v0/auth/setup', { body }),
    onSuccess: signedIn,
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        return await api.request('delete', '/api/v0/auth/session', {});
      } catch (error) {
        // An ended session is as good as signed out.
        if (errorStatus(error) !== 401) throw error;
        return undefined;
      }
    },
    onSuccess: (answer) => {
      rememberCsrfToken(undefined);
      queryClient.clear();
      queryClient.setQueryData(SESSION_KEY, null);
      // A single sign-on session ends at the identity provider too (it sends the browser back to /sign-in).
      if (answer?.endSessionUrl) window.location.assign(answer.endSessionUrl);
    },
  });
}

/** The signed-in person's own display name (PATCH /api/v0/organization/users/me; null clears it). */
export function useSetOwnName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string | null) => (await api.request('patch', '/api/v0/organization/users/me', { body: { name } })).user,
    onSuccess: (user) => {
      queryClient.setQueryData<ConsoleSession | null>(SESSION_KEY, (session) => session && { ...session, user });
      // Every list that names people names them again.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    },
  });
}
