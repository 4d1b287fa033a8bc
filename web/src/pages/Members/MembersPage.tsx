import { ManagersOnly } from '../../components/ManagersOnly';
import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { type User } from '../../api/client';
import { useChangeRole, useDeactivateMember, useMembers, useNewInvitation, useReactivateMember } from '../../api/useMembers';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ActionError, EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { useSignedInSession } from '../../components/SessionContext';
import { InvitationLink } from './InvitationLink';
import { InviteMemberModal } from './InviteMemberModal';
import { MembersTable } from './MembersTable';
import { PageHeader } from '../../components/PageHeader';
import { EMPTY_FILTER, FILTER_LABELS, STATUS_FILTERS, matchesFilter, type StatusFilter } from './status';
import { searchMembers, sortMembers, type MemberSortKey } from './order';
import type { SortState } from '../../components/SortableHeads';
import { nameOf } from '../../components/people';

/** /settings/members — owner and manager: invite, change roles, deactivate, reactivate, re-invite; members by status. */
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
  const reactivate = useReactivateMember();
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState<MemberSortKey>>({ key: 'name', descending: false });
  const shown = useMemo(() => sortMembers(searchMembers((members.data ?? []).filter((user) => matchesFilter(user, filter)), search), sort), [members.data, filter, search, sort]);
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

      <ActionError error={changeRole.error ?? newInvitation.error ?? reactivate.error} />

      <Group gap="sm" align="flex-end">
        <TextInput label="Search" placeholder="Name or e-mail" size="xs" w={220} value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
        <Stack gap={4}>
          <Text size="xs" fw={500} id="member-status-filter">
            Status
          </Text>
          <SegmentedControl
            aria-labelledby="member-status-filter"
            size="xs"
            value={filter}
            onChange={(value) => setFilter(value as StatusFilter)}
            data={STATUS_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
          />
        </Stack>
      </Group>

      {members.isPending ? (
        <LoadingState label="Loading members" />
      ) : members.isError ? (
        <ErrorState error={members.error} onRetry={() => void members.refetch()} />
      ) : members.data.length === 0 ? (
        <EmptyState title="No members yet" />
      ) : shown.length === 0 ? (
        <EmptyState title={search.trim() ? 'No member matches this search' : EMPTY_FILTER[filter]} />
      ) : (
        <MembersTable
          members={shown}
          sort={sort}
          onSort={setSort}
          actor={{ id: session.user.id, role: session.user.role }}
          changingUserId={changeRole.isPending ? changeRole.variables?.userId : undefined}
          onRoleChange={(user, role) => changeRole.mutate({ userId: user.id, role })}
          onInvite={(user) => newInvitation.mutate(user.id, { onSuccess: (answer) => setReinvited({ user, url: answer.inviteUrl }) })}
          onDeactivate={setDeactivating}
          onReactivate={(user) => reactivate.mutate(user.id)}
          reactivatingUserId={reactivate.isPending ? reactivate.variables : undefined}
        />
      )}

      <InviteMemberModal opened={inviting} onClose={() => setInviting(false)} actorRole={session.user.role} />
      <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={reinvited !== null} onClose={() => setReinvited(null)} title="New invitation" size="lg" centered>
        {reinvited && (
          <Stack>
            <InvitationLink who={nameOf(reinvited.user)} url={reinvited.url} />
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
        {deactivating && `${nameOf(deactivating)} is signed out at once, and their API keys and tokens stop working. They stay listed as deactivated; reactivating them brings their keys back (not their sessions).`}
      </ConfirmModal>
    </Stack>
  );
}
