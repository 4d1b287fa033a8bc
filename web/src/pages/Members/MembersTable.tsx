import { Badge, Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ListedUser, Role, User } from '../../api/client';
import { grantableRoles, mayManage } from './roles';
import { ColumnHeads } from '../../components/ColumnHeads';
import { usePhone } from '../../components/usePhone';
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
  // On a phone a row is the member (with role, status and teams under the name) and the actions
  // stacked beside it: five columns do not fit 390 px without squeezing the role select.
  const phone = usePhone();
  return (
    <Table.ScrollContainer minWidth={phone ? 0 : 800}>
      <Table striped verticalSpacing="sm">
        <ColumnHeads columns={phone ? ['Member', { label: 'Actions', labelHidden: true }] : ['Member', 'Role', 'Teams', 'Status', { label: 'Actions', labelHidden: true }]} />
        <Table.Tbody>
          {props.members.map((user) => {
            const mayAct = mayManage(props.actor.role, user.role);
            const line = { ...props, user, label: user.name ?? user.email, manageable: user.active && mayAct, mayAct };
            return (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {line.label}
                    {user.id === props.actor.id && ' (you)'}
                  </Text>
                  {user.name && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {user.email}
                    </Text>
                  )}
                  {phone && (
                    <Stack gap={6} mt={6} align="flex-start">
                      <RoleCell {...line} />
                      <StatusBadge user={user} />
                      {user.teams.length > 0 && <TeamBadges user={user} />}
                    </Stack>
                  )}
                </Table.Td>
                {!phone && (
                  <>
                    <Table.Td>
                      <RoleCell {...line} />
                    </Table.Td>
                    <Table.Td>
                      <TeamBadges user={user} />
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge user={user} />
                    </Table.Td>
                  </>
                )}
                <Table.Td>
                  <Actions {...line} stacked={phone} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type Line = Parameters<typeof MembersTable>[0] & { user: ListedUser; label: string; manageable: boolean; mayAct: boolean };

function RoleCell({ user, label, manageable, actor, changingUserId, onRoleChange }: Line) {
  if (!manageable) return <Text size="sm">{user.role}</Text>;
  const grantable = grantableRoles(actor.role);
  return (
    <NativeSelect
      size="xs"
      miw={110}
      aria-label={`Role of ${label}`}
      data={grantable.includes(user.role) ? grantable : [user.role, ...grantable]}
      value={user.role}
      disabled={changingUserId === user.id}
      onChange={(event) => onRoleChange(user, event.currentTarget.value as Role)}
    />
  );
}

function TeamBadges({ user }: { user: ListedUser }) {
  if (user.teams.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Group gap={4}>
      {user.teams.map((team) => (
        <Badge key={team.id} variant="light" tt="none">
          {team.name}
        </Badge>
      ))}
    </Group>
  );
}

function StatusBadge({ user }: { user: ListedUser }) {
  const expired = invitationExpired(user);
  return (
    <Badge color={expired ? 'orange' : STATUS_COLORS[user.status]} variant="dot" tt="none">
      {STATUS_LABELS[user.status]}
      {expired && ' — expired'}
    </Badge>
  );
}

function Actions({ user, label, mayAct, manageable, stacked, reactivatingUserId, onReactivate, onInvite, onDeactivate }: Line & { stacked: boolean }) {
  if (!user.active && mayAct)
    return (
      <Buttons stacked={stacked}>
        <Button size="xs" variant="light" loading={reactivatingUserId === user.id} onClick={() => onReactivate(user)} aria-label={`Reactivate ${label}`}>
          Reactivate
        </Button>
      </Buttons>
    );
  if (!manageable) return null;
  return (
    <Buttons stacked={stacked}>
      {user.status === 'invited' ? (
        <Button size="xs" variant="light" onClick={() => onInvite(user)} aria-label={`Resend invitation to ${label}`}>
          Resend invitation
        </Button>
      ) : (
        <Button size="xs" variant="light" onClick={() => onInvite(user)} aria-label={`New invitation for ${label}`}>
          New invitation
        </Button>
      )}
      <Button size="xs" variant="light" color="red" onClick={() => onDeactivate(user)} aria-label={`Deactivate ${label}`}>
        Deactivate
      </Button>
    </Buttons>
  );
}

function Buttons({ stacked, children }: { stacked: boolean; children: ReactNode }) {
  return stacked ? (
    <Stack gap="xs" align="stretch">
      {children}
    </Stack>
  ) : (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {children}
    </Group>
  );
}
