import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { isManager } from '../api/client';
import { useSignedInSession } from './SessionContext';

/** A page for owners and managers; anyone else is told whom to ask, and for what. */
export function ManagersOnly({ title, ask, children }: { title: string; ask: string; children: ReactNode }) {
  const { user, organization } = useSignedInSession();
  if (isManager(user.role)) return children;
  return (
    <Alert color="blue" title={title}>
      Ask an owner or manager of {organization.name} {ask}.
    </Alert>
  );
}
