import { Anchor, Badge, Button, Card, Group, Modal, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { isManager } from '../../api/client';
import { useMembers } from '../../api/useMembers';
import { useSessions } from '../../api/useSessions';
import { useComputers, useDeleteComputer, useRegisterComputer, useRetryInstallDeps } from '../../api/useComputers';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ActionError, EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { SecretValue } from '../../components/SecretValue';
import { useSignedInSession } from '../../components/SessionContext';
import { formatDateTime } from '../../format';
import { PageHeader } from '../../components/PageHeader';
import { ColumnHeads } from '../../components/ColumnHeads';
import { FormActions } from '../../components/FormActions';

// Done and failed states filled in the darkest shades (white text on them meets AA contrast; the
// teal tint with teal text did not), states in progress as light tints.
const DONE = { color: 'teal.9', variant: 'filled' };
const FAILED = { color: 'red.9', variant: 'filled' };
const UNDER_WAY = { color: 'blue', variant: 'light' };
const STATUS_BADGES: Record<string, { color: string; variant: string }> = { active: DONE, completed: DONE, error: FAILED, failed: FAILED, provisioning: UNDER_WAY, running: UNDER_WAY };
const badgeOf = (status: string | undefined) => STATUS_BADGES[status ?? ''] ?? { color: 'gray', variant: 'light' };

/**
 * /computers — the computers agents run on: owner, last heartbeat, sessions (linked to the sessions
 * list filtered to the computer), provisioning steps; register one, delete one.
 */
export default function ComputersPage() {
  const { user } = useSignedInSession();
  const computers = useComputers();
  const sessions = useSessions();
  const members = useMembers(isManager(user.role));
  const ownerName = (ownerId: string | undefined) => {
    if (ownerId === user.id) return 'you';
    const owner = members.data?.find((member) => member.id === ownerId);
    return owner ? (owner.name ?? owner.email) : ownerId;
  };
  // Sessions per computer, counted once per answer of the sessions list (it is polled while an agent works).
  const sessionCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const session of sessions.data ?? []) if (session.computerId) counts.set(session.computerId, (counts.get(session.computerId) ?? 0) + 1);
    return counts;
  }, [sessions.data]);
  const sessionsLabel = (computerId: string) => {
    if (!sessions.data) return 'Sessions';
    const count = sessionCounts.get(computerId) ?? 0;
    return `${count} session${count === 1 ? '' : 's'}`;
  };
  const retry = useRetryInstallDeps();
  const remove = useDeleteComputer();
  const [registering, setRegistering] = useState(false);
  const [deleting, setDeleting] = useState<{ id: string; name: string }>();
  return (
    <Stack>
      <PageHeader
        title="Computers"
        description="Machines your agents run on, and how far their setup got."
        action={<Button onClick={() => setRegistering(true)}>Register computer</Button>}
      />
      <ActionError error={retry.error} />
      {computers.isPending ? (
        <LoadingState label="Loading computers" />
      ) : computers.isError ? (
        <ErrorState error={computers.error} onRetry={() => void computers.refetch()} />
      ) : computers.data.length === 0 ? (
        <EmptyState title="No computers yet">Register one to run agents on it.</EmptyState>
      ) : (
        computers.data.map((computer) => {
          // The install-deps step (its id, src/domain/computer-status.ts) may be retried once finished.
          const installDeps = computer.provisioningSteps?.find((step) => step.id === 'install-deps');
          const retryable = installDeps?.status === 'completed' || installDeps?.status === 'failed';
          return (
            <Card withBorder key={computer.id} component="section" aria-label={computer.name}>
              <Group justify="space-between" wrap="wrap">
                <div>
                  <Title order={2} size="h4">
                    {computer.name}
                  </Title>
                  <Text size="xs" c="dimmed">
                    {computer.providerType === 'byom' ? 'Own machine' : 'Hosted'}
                    {computer.hostname ? ` · ${computer.hostname}` : ''} · registered {formatDateTime(computer.createdAt)}
                    {computer.ownerId && ` by ${ownerName(computer.ownerId)}`}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Last heartbeat: {formatDateTime(computer.lastSeenAt ?? null, 'none yet')} ·{' '}
                    <Anchor component={Link} to={`/sessions?computer=${computer.id}`} size="xs" underline="always">
                      {sessionsLabel(computer.id)}
                    </Anchor>
                  </Text>
                </div>
                <Group gap="xs">
                  <Badge {...badgeOf(computer.status)}>
                    {computer.status ?? 'unknown'}
                  </Badge>
                  {installDeps && (
                    <Button size="xs" variant="default" disabled={!retryable} title={retryable ? undefined : 'Install-deps is still to run or running'} loading={retry.isPending && retry.variables === computer.id} onClick={() => retry.mutate(computer.id)} aria-label={`Retry install-deps on ${computer.name}`}>
                      Retry install-deps
                    </Button>
                  )}
                  <Button size="xs" variant="default" color="red" onClick={() => setDeleting({ id: computer.id, name: computer.name })} aria-label={`Delete ${computer.name}`}>
                    Delete
                  </Button>
                </Group>
              </Group>
              {(computer.provisioningSteps ?? []).length > 0 && (
                <Table mt="sm" aria-label={`Provisioning steps of ${computer.name}`}>
                  <ColumnHeads columns={['Step', 'Status', 'Finished']} />
                  <Table.Tbody>
                    {computer.provisioningSteps!.map((step) => (
                      <Table.Tr key={step.id}>
                        <Table.Td>{step.name}</Table.Td>
                        <Table.Td>
                          {/* Its whole width: on a phone the column would otherwise cut the status short. */}
                          <Badge {...badgeOf(step.status)} miw="max-content">
                            {step.status}
                          </Badge>
                          {step.error && (
                            <Text size="xs" c="var(--mantine-color-red-light-color)">
                              {step.error}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>{formatDateTime(step.completedAt ?? null)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Card>
          );
        })
      )}
      <RegisterComputer opened={registering} onClose={() => setRegistering(false)} />
      <ConfirmModal
        opened={deleting !== undefined}
        title={`Delete ${deleting?.name ?? 'the computer'}?`}
        confirmLabel="Delete computer"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(deleting!.id, { onSuccess: () => setDeleting(undefined) })}
        onClose={() => {
          remove.reset();
          setDeleting(undefined);
        }}
      >
        Its token stops working at once: its agent takes no more messages, and the messages queued for it are dropped (its sessions say so).
      </ConfirmModal>
    </Stack>
  );
}

function RegisterComputer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { apiUrl } = useSignedInSession();
  const register = useRegisterComputer();
  const [name, setName] = useState('');
  const [providerType, setProviderType] = useState<'byom' | 'hosted'>('byom');
  const close = () => {
    register.reset();
    setName('');
    onClose();
  };
  const token = register.data?.computerToken;
  return (
    <Modal opened={opened} onClose={close} title="Register a computer" size="lg" closeButtonProps={{ 'aria-label': 'Close' }} centered>
      {token ? (
        <Stack>
          <Text size="sm">The computer's token is shown this once: the agent on {register.data!.name} authenticates with it.</Text>
          <SecretValue label="Computer token" value={token} />
          <Text size="sm">On that machine, start the agent with the command that answers each message (a coding agent's headless mode), in a work directory of its own:</Text>
          <SecretValue label="Start the agent" value={`QUARTERDECK_COMPUTER_TOKEN=${token} \\\n  quarterdeck agent --url ${apiUrl} --workdir ~/quarterdeck-agent --run 'YOUR-AGENT-COMMAND'`} />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            register.mutate({ name: name.trim(), providerType });
          }}
        >
          <Stack>
            <TextInput label="Name" required maxLength={63} value={name} onChange={(event) => setName(event.currentTarget.value)} data-autofocus />
            <NativeSelect
              label="Kind"
              value={providerType}
              onChange={(event) => setProviderType(event.currentTarget.value as 'byom' | 'hosted')}
              data={[
                { value: 'byom', label: 'Own machine (BYOM)' },
                { value: 'hosted', label: 'Hosted' },
              ]}
            />
            <ActionError error={register.error} />
            <FormActions onCancel={close} submitLabel="Register" pending={register.isPending} disabled={name.trim() === ''} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
