import { Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { Team } from '../../api/client';
import { useMembers } from '../../api/useMembers';
import { useAddTeamMember, useRemoveTeamMember, useTeamMembers } from '../../api/useTeams';
import { ColumnHeads } from '../../components/ColumnHeads';
import { ActionError, EmptyState, ErrorState, LoadingState } from '../../components/QueryState';

/** A team's members: add an active member of the organization, remove one. */
export function TeamMembersModal(props: { team: Team | null; onClose: () => void }) {
  const { team } = props;
  const members = useTeamMembers(team?.id);
  const people = useMembers(team !== null);
  const add = useAddTeamMember();
  const remove = useRemoveTeamMember();
  const [chosen, setChosen] = useState<string | null>(null);
  const inTeam = new Set(members.data?.map((member) => member.userId));
  const candidates = (people.data ?? []).filter((user) => user.active && !inTeam.has(user.id)).map((user) => ({ value: user.id, label: user.name ? `${user.name} (${user.email})` : user.email }));

  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={team !== null} onClose={props.onClose} title={team ? `Members of ${team.name}` : ''} size="lg" centered>
      {team && (
        <Stack>
          <ActionError error={add.error ?? remove.error} />
          <Group align="flex-end">
            <Select label="Add a member" placeholder="Choose a member" searchable data={candidates} value={chosen} onChange={setChosen} style={{ flex: 1 }} nothingFoundMessage="No one else to add" />
            <Button
              disabled={chosen === null}
              loading={add.isPending}
              onClick={() => chosen && add.mutate({ teamId: team.id, userId: chosen }, { onSuccess: () => setChosen(null) })}
            >
              Add
            </Button>
          </Group>
          {members.isPending ? (
            <LoadingState label="Loading team members" />
          ) : members.isError ? (
            <ErrorState error={members.error} onRetry={() => void members.refetch()} />
          ) : members.data.length === 0 ? (
            <EmptyState title="No members in this team yet" />
          ) : (
            <Table verticalSpacing="xs">
              <ColumnHeads columns={['Member', 'Role', { label: 'Actions', labelHidden: true }]} />
              <Table.Tbody>
                {members.data.map((member) => (
                  <Table.Tr key={member.userId}>
                    <Table.Td>
                      <Text size="sm">{member.name ?? member.email}</Text>
                      {!member.active && (
                        <Text size="xs" c="dimmed">
                          deactivated
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{member.role}</Text>
                    </Table.Td>
                    <Table.Td align="right">
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={`Remove ${member.name ?? member.email} from ${team.name}`}
                        loading={remove.isPending && remove.variables?.userId === member.userId}
                        onClick={() => remove.mutate({ teamId: team.id, userId: member.userId })}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Modal>
  );
}
