import { ManagersOnly } from '../../components/ManagersOnly';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { type Team } from '../../api/client';
import { useCreateTeam, useDeleteTeam, useRenameTeam, useTeams } from '../../api/useTeams';
import { ColumnHeads } from '../../components/ColumnHeads';
import { ConfirmModal } from '../../components/ConfirmModal';
import { NameModal } from '../../components/NameModal';
import { useDialog } from '../../components/useDialog';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { TeamMembersModal } from './TeamMembersModal';
import { ScrollTable } from '../../components/ScrollTable';

/** /settings/teams — owner and manager: create, rename and delete teams, and fill them. */
export default function TeamsPage() {
  return (
    <ManagersOnly title="Teams are managed by owners and managers" ask="to create a team or change who is in one">
      <ManageTeams />
    </ManagersOnly>
  );
}

function ManageTeams() {
  const teams = useTeams();
  const create = useCreateTeam();
  const rename = useRenameTeam();
  const remove = useDeleteTeam();
  const { target: creating, open: setCreating, close: closeCreate } = useDialog<true>(create);
  const { target: renaming, open: setRenaming, close: closeRename } = useDialog<Team>(rename);
  const { target: deleting, open: setDeleting, close: closeDelete } = useDialog<Team>(remove);
  const [filling, setFilling] = useState<Team | null>(null);

  return (
    <Stack>
      <PageHeader
        title="Teams"
        description="Groups of members. A member may be in several teams; analytics show each team's figures from its members' activity."
        action={<Button onClick={() => setCreating(true)}>Create team</Button>}
      />
      {teams.isPending ? (
        <LoadingState label="Loading teams" />
      ) : teams.isError ? (
        <ErrorState error={teams.error} onRetry={() => void teams.refetch()} />
      ) : teams.data.length === 0 ? (
        <EmptyState title="No teams yet">Create a team, then add members to it.</EmptyState>
      ) : (
        <ScrollTable minWidth={600}>
          <Table striped verticalSpacing="sm">
            <ColumnHeads columns={['Team', 'Members', { label: 'Actions', labelHidden: true }]} />
            <Table.Tbody>
              {teams.data.map((team) => (
                <Table.Tr key={team.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {team.name}
                    </Text>
                    {team.source !== 'manual' && (
                      <Badge size="xs" variant="outline">
                        from {team.source}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{team.memberCount}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <Button size="xs" variant="light" onClick={() => setFilling(team)} aria-label={`Members of ${team.name}`}>
                        Members
                      </Button>
                      <Button size="xs" variant="light" onClick={() => setRenaming(team)} aria-label={`Rename ${team.name}`}>
                        Rename
                      </Button>
                      <Button size="xs" variant="light" color="red" onClick={() => setDeleting(team)} aria-label={`Delete ${team.name}`}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}

      {creating && (
        <NameModal opened title="Create a team" label="Team name" maxLength={100} submitLabel="Create" initialName="" pending={create.isPending} error={create.error} onClose={closeCreate} onSubmit={(name) => create.mutate(name, { onSuccess: closeCreate })} />
      )}
      {renaming && (
        <NameModal
          opened
          title={`Rename ${renaming.name}`}
          label="Team name"
          maxLength={100}
          submitLabel="Rename"
          initialName={renaming.name}
          pending={rename.isPending}
          error={rename.error}
          onClose={closeRename}
          onSubmit={(name) => rename.mutate({ teamId: renaming.id, name }, { onSuccess: closeRename })}
        />
      )}
      <TeamMembersModal team={filling && (teams.data?.find((team) => team.id === filling.id) ?? filling)} onClose={() => setFilling(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title="Delete this team?"
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.error}
        onClose={closeDelete}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: closeDelete })}
      >
        {deleting && `${deleting.name} is deleted with its list of members. The members stay in the organization and in their other teams.`}
      </ConfirmModal>
    </Stack>
  );
}
