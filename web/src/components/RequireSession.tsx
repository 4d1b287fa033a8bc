import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../api/useSession';
import { ErrorState, LoadingState } from './QueryState';
import { SessionContext } from './SessionContext';

/** Pages for signed-in people: others go to /sign-in and come back afterwards. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <LoadingState label="Checking your session" />;
  if (session.isError) return <ErrorState error={session.error} onRetry={() => void session.refetch()} />;
  if (!session.data) return <Navigate to="/sign-in" replace state={{ from: location.pathname }} />;
  return <SessionContext.Provider value={session.data}>{children}</SessionContext.Provider>;
}
