import { Badge, Button, Group, NativeSelect, Table, Text } from '@mantine/core';
import type { ListedUser, Role, User } from '../../api/client';
import { grantableRoles, mayManage } from './roles';
import { ColumnHeads } from '../../components/ColumnHeads';
import { STATUS_COLORS, STATUS_LABELS, invitationExpired } from './status';

/**
 * Members with their role (changeable where the actor may), teams, lifecycle status and actions:
 * a new invitation (resent for invited people), deactivation, reactivation.
 */
export function MembersTable(props: {
  members: ListedUser[];
  actor: { id: string; role: Role };
  changingUserId: string | undefined;
  onRoleChange: (user: User, role: Role) => void;
  onInvite: (user: User) => void;
  onDeactivate: (user: User) => void;
  onReactivate: (user: User) => void;
  reactivatingUserId: string | undefined;
}) {
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped verticalSpacing="sm">
        <ColumnHeads columns={['Member', 'Role', 'Teams', 'Status', { label: 'Actions', labelHidden: true }]} />
        <Table.Tbody>
          {props.members.map((user) => {
            const mayAct = mayManage(props.actor.role, user.role);
            const manageable = user.active && mayAct;
            const label = user.name ?? user.email;
            const expired = invitationExpired(user);
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
                  <Badge color={expired ? 'orange' : STATUS_COLORS[user.status]} variant="dot" tt="none">
                    {STATUS_LABELS[user.status]}
                    {expired && ' — expired'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {!user.active && mayAct && (
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <Button size="xs" variant="light" loading={props.reactivatingUserId === user.id} onClick={() => props.onReactivate(user)} aria-label={`Reactivate ${label}`}>
                        Reactivate
                      </Button>
                    </Group>
                  )}
                  {manageable && (
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      {user.status === 'invited' ? (
                        <Button size="xs" variant="light" onClick={() => props.onInvite(user)} aria-label={`Resend invitation to ${label}`}>
                          Resend invitation
                        </Button>
                      ) : (
                        <Button size="xs" variant="light" onClick={() => props.onInvite(user)} aria-label={`New invitation for ${label}`}>
                          New invitation
                        </Button>
                      )}
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
