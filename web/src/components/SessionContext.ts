import { createContext, useContext } from 'react';
import type { ConsoleSession } from '../api/client';

// The signed-in session, for the pages behind RequireSession.
export const SessionContext = createContext<ConsoleSession | null>(null);

export function useSignedInSession(): ConsoleSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSignedInSession outside RequireSession');
  return session;
}
