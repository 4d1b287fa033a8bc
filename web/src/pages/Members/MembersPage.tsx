import { ManagersOnly } from '../../components/ManagersOnly';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { type User } from '../../api/client';
import { useChangeRole, useDeactivateMember, useMembers, useNewInvitation } from '../../api/useMembers';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ActionError, EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { useSignedInSession } from '../../components/SessionContext';
import { InvitationLink } from './InvitationLink';
import { InviteMemberModal } from './InviteMemberModal';
import { MembersTable } from './MembersTable';
import { PageHeader } from '../../components/PageHeader';

/** /settings/members — owner and manager: invite, change roles, deactivate, re-invite. */
export function MembersPage() {
  return (
    <ManagersOnly title="Members are managed by owners and managers" ask="to invite people or change roles">
      <ManageMembers />
    </ManagersOnly>
  );
}

function ManageMembers() {
  const session = useSignedInSession();
  const members = useMembers();
  const changeRole = useChangeRole();
  const deactivate = useDeactivateMember();
  const newInvitation = useNewInvitation();
  const [inviting, setInviting] = useState(false);
  const [deactivating, setDeactivating] = useState<User | null>(null);
  const [reinvited, setReinvited] = useState<{ user: User; url: string } | null>(null);

  const closeDeactivate = () => {
    deactivate.reset();
    setDeactivating(null);
  };

  return (
    <Stack>
      <PageHeader
        title="Members"
        description={<>People of {session.organization.name} and their roles.</>}
        action={<Button onClick={() => setInviting(true)}>Invite member</Button>}
      />

      <ActionError error={changeRole.error ?? newInvitation.error} />

      {members.isPending ? (
        <LoadingState label="Loading members" />
      ) : members.isError ? (
        <ErrorState error={members.error} onRetry={() => void members.refetch()} />
      ) : members.data.length === 0 ? (
        <EmptyState title="No members yet" />
      ) : (
        <MembersTable
          members={members.data}
          actor={{ id: session.user.id, role: session.user.role }}
          changingUserId={changeRole.isPending ? changeRole.variables?.userId : undefined}
          onRoleChange={(user, role) => changeRole.mutate({ userId: user.id, role })}
          onInvite={(user) => newInvitation.mutate(user.id, { onSuccess: (answer) => setReinvited({ user, url: answer.inviteUrl }) })}
          onDeactivate={setDeactivating}
        />
      )}

      <InviteMemberModal opened={inviting} onClose={() => setInviting(false)} actorRole={session.user.role} />
      <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={reinvited !== null} onClose={() => setReinvited(null)} title="New invitation" size="lg" centered>
        {reinvited && (
          <Stack>
            <InvitationLink who={reinvited.user.email} url={reinvited.url} />
            <Group justify="flex-end">
              <Button onClick={() => setReinvited(null)}>Done</Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmModal
        opened={deactivating !== null}
        title="Deactivate this member?"
        confirmLabel="Deactivate"
        pending={deactivate.isPending}
        error={deactivate.error}
        onClose={closeDeactivate}
        onConfirm={() => deactivating && deactivate.mutate(deactivating.id, { onSuccess: closeDeactivate })}
      >
        {deactivating && `${deactivating.email} is signed out at once, and their API keys and tokens stop working. They stay listed as deactivated.`}
      </ConfirmModal>
    </Stack>
  );
}
