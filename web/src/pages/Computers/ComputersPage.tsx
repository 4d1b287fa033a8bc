import { Badge, Button, Card, Group, Modal, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useComputers, useRegisterComputer, useRetryInstallDeps } from '../../api/useComputers';
import { ActionError, EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { SecretValue } from '../../components/SecretValue';
import { useSignedInSession } from '../../components/SessionContext';
import { formatDateTime } from '../../format';
import { PageHeader } from '../../components/PageHeader';
import { ColumnHeads } from '../../components/ColumnHeads';

const STATUS_COLORS: Record<string, string> = { active: 'teal', provisioning: 'blue', error: 'red', completed: 'teal', failed: 'red', pending: 'gray', running: 'blue' };

/** /computers — the computers agents run on, their provisioning steps; register one. */
export default function ComputersPage() {
  const computers = useComputers();
  const retry = useRetryInstallDeps();
  const [registering, setRegistering] = useState(false);
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
                  </Text>
                </div>
                <Group gap="xs">
                  <Badge color={STATUS_COLORS[computer.status ?? ''] ?? 'gray'} variant="light">
                    {computer.status ?? 'unknown'}
                  </Badge>
                  {installDeps && (
                    <Button size="xs" variant="default" disabled={!retryable} title={retryable ? undefined : 'Install-deps is still to run or running'} loading={retry.isPending && retry.variables === computer.id} onClick={() => retry.mutate(computer.id)} aria-label={`Retry install-deps on ${computer.name}`}>
                      Retry install-deps
                    </Button>
                  )}
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
                          <Badge color={STATUS_COLORS[step.status] ?? 'gray'} variant="light">
                            {step.status}
                          </Badge>
                          {step.error && (
                            <Text size="xs" c="red.9">
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
          <SecretValue label="Start the agent" value={`QUARTERDECK_API_URL=${apiUrl} QUARTERDECK_COMPUTER_TOKEN=${token} \\\n  curl -s -X POST -H "Authorization: Bearer $QUARTERDECK_COMPUTER_TOKEN" "$QUARTERDECK_API_URL/api/v0/agent/claim?waitMs=30000"`} />
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
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={register.isPending} disabled={name.trim() === ''}>
                Register
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
