import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { isManager } from '../api/client';
import { useSignedInSession } from './SessionContext';

/** A page some roles may use; anyone else is told whom to ask, and for what. */
function RoleGate({ allowed, askWhom, title, ask, children }: { allowed: boolean; askWhom: string; title: string; ask: string; children: ReactNode }) {
  const { organization } = useSignedInSession();
  if (allowed) return children;
  return (
    <Alert color="blue" title={title}>
      Ask {askWhom} of {organization.name} {ask}.
    </Alert>
  );
}

/** A page for owners and managers. */
export function ManagersOnly(props: { title: string; ask: string; children: ReactNode }) {
  const { user } = useSignedInSession();
  return <RoleGate allowed={isManager(user.role)} askWhom="an owner or manager" {...props} />;
}

/** A page for owners. */
export function OwnersOnly(props: { title: string; ask: string; children: ReactNode }) {
  const { user } = useSignedInSession();
  return <RoleGate allowed={user.role === 'owner'} askWhom="an owner" {...props} />;
}
