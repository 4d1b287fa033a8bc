import { Badge, Button, Group, NativeSelect, Table, Text } from '@mantine/core';
import type { ListedUser, Role, User } from '../../api/client';
import { grantableRoles, mayManage } from './roles';
import { ColumnHeads } from '../../components/ColumnHeads';

/** Members with their role (changeable where the actor may), teams, status and actions. */
export function MembersTable(props: {
  members: ListedUser[];
  actor: { id: string; role: Role };
  changingUserId: string | undefined;
  onRoleChange: (user: User, role: Role) => void;
  onInvite: (user: User) => void;
  onDeactivate: (user: User) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped verticalSpacing="sm">
        <ColumnHeads columns={['Member', 'Role', 'Teams', 'Status', { label: 'Actions', labelHidden: true }]} />
        <Table.Tbody>
          {props.members.map((user) => {
            const manageable = user.active && mayManage(props.actor.role, user.role);
            const label = user.name ?? user.email;
            return (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {label}
                    {user.id === props.actor.id && ' (you)'}
                  </Text>
                  {user.name && (
                    <Text size="xs" c="dimmed">
                      {user.email}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {manageable ? (
                    <NativeSelect
                      size="xs"
                      aria-label={`Role of ${label}`}
                      data={grantableRoles(props.actor.role).includes(user.role) ? grantableRoles(props.actor.role) : [user.role, ...grantableRoles(props.actor.role)]}
                      value={user.role}
                      disabled={props.changingUserId === user.id}
                      onChange={(event) => props.onRoleChange(user, event.currentTarget.value as Role)}
                    />
                  ) : (
                    <Text size="sm">{user.role}</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {user.teams.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  ) : (
                    <Group gap={4}>
                      {user.teams.map((team) => (
                        <Badge key={team.id} variant="light" tt="none">
                          {team.name}
                        </Badge>
                      ))}
                    </Group>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge color={user.active ? 'green' : 'gray'} variant="dot">
                    {user.active ? 'Active' : 'Deactivated'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {manageable && (
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <Button size="xs" variant="light" onClick={() => props.onInvite(user)} aria-label={`New invitation for ${label}`}>
                        New invitation
                      </Button>
                      <Button size="xs" variant="light" color="red" onClick={() => props.onDeactivate(user)} aria-label={`Deactivate ${label}`}>
                        Deactivate
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
