import { Badge, Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ListedUser, Role, User } from '../../api/client';
import { grantableRoles, mayManage } from './roles';
import { SortableHeads, type SortState } from '../../components/SortableHeads';
import { nameOf } from '../../components/people';
import { PersonName } from '../../components/PersonName';
import { usePhone } from '../../components/usePhone';
import { formatDate, formatDay } from '../../format';
import type { MemberSortKey } from './order';
import { PRESENCE_COLORS, PRESENCE_LABELS, invitationExpired, presenceOf } from './status';
import { ScrollTable } from '../../components/ScrollTable';

/**
 * Members with their role (changeable where the actor may), teams, status, last console sign-in,
 * last agent activity and actions: a new invitation (resent for invited people), deactivation,
 * reactivation. Sorted by the column heads.
 */
export function MembersTable(props: {
  members: ListedUser[];
  sort: SortState<MemberSortKey>;
  onSort: (sort: SortState<MemberSortKey>) => void;
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
    <ScrollTable minWidth={phone ? 0 : 1000}>
      <Table striped verticalSpacing="sm">
        <SortableHeads
          columns={
            phone
              ? [{ key: 'name', label: 'Member' }]
              : [
                  { key: 'name', label: 'Member' },
                  { key: 'role', label: 'Role' },
                  { key: 'lastSignIn', label: 'Last sign-in', numeric: true },
                  { key: 'lastActivity', label: 'Last activity', numeric: true },
                ]
          }
          sort={props.sort}
          onSort={props.onSort}
          after={phone ? [{ label: 'Actions', hidden: true }] : [{ label: 'Status' }, { label: 'Teams' }, { label: 'Actions', hidden: true }]}
        />
        <Table.Tbody>
          {props.members.map((user) => {
            const mayAct = mayManage(props.actor.role, user.role);
            const line = { ...props, user, label: nameOf(user), manageable: user.active && mayAct, mayAct };
            return (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <PersonName person={user} after={user.id === props.actor.id && ' (you)'} />
                  {phone && (
                    <Stack gap={6} mt={6} align="flex-start">
                      <RoleCell {...line} />
                      <StatusBadge user={user} />
                      <Text size="xs" c="dimmed">
                        Last sign-in {formatDate(user.lastSignInAt, 'never')} · last activity {lastActivity(user)}
                      </Text>
                      {user.teams.length > 0 && <TeamBadges user={user} />}
                    </Stack>
                  )}
                </Table.Td>
                {!phone && (
                  <>
                    <Table.Td>
                      <RoleCell {...line} />
                    </Table.Td>
                    <Table.Td ta="right">{formatDate(user.lastSignInAt, 'never')}</Table.Td>
                    <Table.Td ta="right">{lastActivity(user)}</Table.Td>
                    <Table.Td>
                      <StatusBadge user={user} />
                    </Table.Td>
                    <Table.Td>
                      <TeamBadges user={user} />
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
    </ScrollTable>
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

/** The last UTC day with agent activity, or never. */
function lastActivity(user: ListedUser): string {
  return user.lastActivityDay ? formatDay(user.lastActivityDay) : 'never';
}

function StatusBadge({ user }: { user: ListedUser }) {
  const presence = presenceOf(user);
  // An expired invitation matters only to someone who never signed in nor works through agents.
  const expired = presence === 'invited' && invitationExpired(user);
  return (
    <Badge color={expired ? 'orange' : PRESENCE_COLORS[presence]} variant="dot" tt="none">
      {PRESENCE_LABELS[presence]}
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
