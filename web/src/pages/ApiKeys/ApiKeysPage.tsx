import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { isManager, type ApiKey } from '../../api/client';
import { useRenderedMark } from '../../perf';
import { nameOf } from '../../components/people';
import { EXPIRY_WARNING_DAYS, useApiKeys, useExpiringApiKeys, useRevokeApiKey } from '../../api/useApiKeys';
import { useKeyCreationRestricted } from '../../api/useEnterpriseControls';
import { useMembers } from '../../api/useMembers';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useDialog } from '../../components/useDialog';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { useSignedInSession } from '../../components/SessionContext';
import { CreateKeyModal } from './CreateKeyModal';
import { KeysTable } from './KeysTable';
import { PageHeader } from '../../components/PageHeader';
import { OneMemberNote, useOneMember } from '../../components/OneMember';

/** /settings/api-keys — your keys (owner/manager: every live key of the organization). */
export function ApiKeysPage() {
  const session = useSignedInSession();
  const manager = isManager(session.user.role);
  const keys = useApiKeys();
  useRenderedMark('api-keys', keys.isSuccess);
  const expiring = useExpiringApiKeys();
  const members = useMembers(manager);
  const restricted = useKeyCreationRestricted(manager);
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const { target: revoking, open: setRevoking, close: closeRevoke } = useDialog<ApiKey>(revoke);

  const userOf = (userId: string) => members.data?.find((member) => member.id === userId);
  const nameOfUser = (userId: string) => {
    const user = userOf(userId);
    return user && nameOf(user);
  };
  // The member page links to one member's keys (owners and managers see everyone's).
  const { memberId, showEveryone } = useOneMember('user');
  const oneMember = manager && memberId !== null;
  const shownKeys = (keys.data ?? []).filter((key) => !oneMember || key.userId === memberId);

  return (
    <Stack>
      <PageHeader
        title="API keys"
        description={<>{manager ? `Every live key of ${session.organization.name}.` : 'Your keys for the Quarterdeck API.'} A key acts with its user's role.</>}
        action={<Button onClick={() => setCreating(true)}>Create API key</Button>}
      />

      {restricted.data && (
        <Alert color="blue" title="Only owners and managers create keys">
          The enterprise control restrictApiKeyCreationToManagers is on: members and guests of {session.organization.name} cannot create API keys, and
          ask an owner or manager instead.
        </Alert>
      )}

      {expiring.data && expiring.data.length > 0 && (
        <Alert color="red" title={`${expiring.data.length === 1 ? 'A key expires' : `${expiring.data.length} keys expire`} within ${EXPIRY_WARNING_DAYS} days`}>
          {expiring.data
            .map((key) => `“${key.name}” (${key.prefix}…${manager && nameOfUser(key.userId) ? `, ${nameOfUser(key.userId)}` : ''}) on ${new Date(key.expiresAt!).toLocaleDateString()}`)
            .join('; ')}
          . Create a replacement before then: an expired key stops working.
        </Alert>
      )}

      {oneMember && members.isSuccess && <OneMemberNote who={nameOfUser(memberId)} what="API keys" onShowEveryone={showEveryone} />}

      {keys.isPending ? (
        <LoadingState label="Loading API keys" />
      ) : keys.isError ? (
        <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />
      ) : shownKeys.length === 0 ? (
        oneMember ? (
          <EmptyState title="No live API keys">This member has no key that works.</EmptyState>
        ) : (
          <EmptyState title="No API keys yet">Create one to call the Quarterdeck API from scripts, CI or the CLI.</EmptyState>
        )
      ) : (
        <KeysTable keys={shownKeys} ownUserId={session.user.id} {...(manager ? { userOf } : {})} onRevoke={setRevoking} />
      )}

      <CreateKeyModal opened={creating} onClose={() => setCreating(false)} apiUrl={session.apiUrl} />
      <ConfirmModal
        opened={revoking !== null}
        title="Revoke this API key?"
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        error={revoke.error}
        onClose={closeRevoke}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: closeRevoke })}
      >
        {revoking && `“${revoking.name}” (${revoking.prefix}…) stops working at once, and so do access tokens made from it. This cannot be undone.`}
      </ConfirmModal>
    </Stack>
  );
}
