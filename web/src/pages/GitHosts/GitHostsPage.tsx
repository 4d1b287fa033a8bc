import { Alert, Badge, Button, Card, Group, List, Modal, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { DELIVERIES_SHOWN, useConnectGitHost, useGitHostDeliveries, useGitHosts, useRemoveGitHost, type GitHost, type GitProvider } from '../../api/useGitHosts';
import { ColumnHeads } from '../../components/ColumnHeads';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ManagersOnly } from '../../components/ManagersOnly';
import { PageHeader } from '../../components/PageHeader';
import { ActionError, EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { SecretValue } from '../../components/SecretValue';
import { useDialog } from '../../components/useDialog';
import { formatDateTime } from '../../format';
import { ScrollTable } from '../../components/ScrollTable';

/** /settings/git-hosts — owner and manager: the GitHub and GitLab hosts whose webhooks tell Quarterdeck about pull requests (docs/outcomes.md). */
export default function GitHostsPage() {
  return (
    <ManagersOnly title="Git hosts are managed by owners and managers" ask="to connect a GitHub or GitLab host">
      <ManageGitHosts />
    </ManagersOnly>
  );
}

const PROVIDER_NAMES: Record<GitProvider, string> = { github: 'GitHub', gitlab: 'GitLab' };

/** Where to paste the URL and secret, host by host. */
const SETUP_STEPS: Record<GitProvider, string[]> = {
  github: [
    'In the repository or organization: Settings → Webhooks → Add webhook.',
    'Payload URL: the webhook URL. Content type: application/json. Secret: the secret.',
    'Which events: "Let me select individual events": Pull requests, Pull request reviews and Pushes.',
    "Save: GitHub's ping shows below as a delivery.",
  ],
  gitlab: [
    'In the project or group: Settings → Webhooks → Add new webhook.',
    'URL: the webhook URL. Secret token: the secret.',
    'Trigger: Push events (all branches) and Merge request events.',
    'Save, then "Test" a push event: it shows below as a delivery.',
  ],
};

interface Connected {
  provider: GitProvider;
  webhookUrl: string;
  webhookSecret: string;
}

function ManageGitHosts() {
  const hosts = useGitHosts();
  const connect = useConnectGitHost();
  const remove = useRemoveGitHost();
  const { target: connecting, open: setConnecting, close: closeConnect } = useDialog<true>(connect);
  const { target: removing, open: setRemoving, close: closeRemove } = useDialog<GitHost>(remove);
  const [connected, setConnected] = useState<Connected | null>(null);

  return (
    <Stack>
      <PageHeader
        title="Git hosts"
        description="GitHub and GitLab hosts whose webhooks tell Quarterdeck about pull requests and commits, so that Impact can count what the agents helped merge. No code is stored."
        action={<Button onClick={() => setConnecting(true)}>Connect a host</Button>}
      />
      {hosts.isPending ? (
        <LoadingState label="Loading git hosts" />
      ) : hosts.isError ? (
        <ErrorState error={hosts.error} onRetry={() => void hosts.refetch()} />
      ) : hosts.data.length === 0 ? (
        <EmptyState title="No git host connected">Connect GitHub or GitLab, then paste the webhook URL and secret into the host.</EmptyState>
      ) : (
        hosts.data.map((host) => <HostCard key={host.id} host={host} onRemove={() => setRemoving(host)} />)
      )}

      {connecting && (
        <ConnectModal
          pending={connect.isPending}
          error={connect.error}
          onClose={closeConnect}
          onSubmit={(body) =>
            connect.mutate(body, {
              onSuccess: (host) => {
                closeConnect();
                setConnected({ provider: host.provider, webhookUrl: host.webhookUrl, webhookSecret: host.webhookSecret });
              },
            })
          }
        />
      )}
      <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={connected !== null} onClose={() => setConnected(null)} title="Paste these into the host" size="lg" centered>
        {connected && (
          <Stack>
            <Alert color="blue" title="Copy the secret now">
              This is the only time it is shown. If you lose it, remove the host and connect it again.
            </Alert>
            <SecretValue label="Webhook URL" value={connected.webhookUrl} />
            <SecretValue label="Secret" value={connected.webhookSecret} />
            <Text size="sm" fw={600}>
              On {PROVIDER_NAMES[connected.provider]}
            </Text>
            <List type="ordered" size="sm" spacing={4}>
              {SETUP_STEPS[connected.provider].map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
            </List>
            <Group justify="flex-end">
              <Button onClick={() => setConnected(null)}>Done</Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmModal
        opened={removing !== null}
        title="Remove this git host?"
        confirmLabel="Remove host"
        pending={remove.isPending}
        error={remove.error}
        onClose={closeRemove}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: closeRemove })}
      >
        Its deliveries, pull requests and commits are deleted, and Impact no longer counts them. Deliveries the host sends afterwards are refused.
      </ConfirmModal>
    </Stack>
  );
}

function ConnectModal({ pending, error, onClose, onSubmit }: { pending: boolean; error: unknown; onClose: () => void; onSubmit: (body: { provider: GitProvider; name?: string }) => void }) {
  const [provider, setProvider] = useState<GitProvider>('github');
  const [name, setName] = useState('');
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened onClose={onClose} title="Connect a git host" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit({ provider, ...(name.trim() ? { name: name.trim() } : {}) });
        }}
      >
        <Stack>
          <NativeSelect label="Host" data={Object.entries(PROVIDER_NAMES).map(([value, label]) => ({ value, label }))} value={provider} onChange={(event) => setProvider(event.currentTarget.value as GitProvider)} />
          <TextInput label="Name" description="To tell hosts apart, e.g. the organization or group" maxLength={100} value={name} onChange={(event) => setName(event.currentTarget.value)} />
          <ActionError error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Connect
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function HostCard({ host, onRemove }: { host: GitHost; onRemove: () => void }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={host.name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">
              {host.name}
            </Title>
            <Text size="xs" c="dimmed">
              {PROVIDER_NAMES[host.provider]} · connected {formatDateTime(host.createdAt)}
            </Text>
          </div>
          <Button size="xs" variant="default" color="red.9" onClick={onRemove} aria-label={`Remove ${host.name}`}>
            Remove
          </Button>
        </Group>
        <SecretValue label="Webhook URL" value={host.webhookUrl} />
        <Deliveries host={host} />
      </Stack>
    </Card>
  );
}

const OUTCOME_BADGES = { stored: { color: 'teal.9', label: 'Stored' }, ignored: { color: 'gray.7', label: 'Ignored' } } as const;

function Deliveries({ host }: { host: GitHost }) {
  const deliveries = useGitHostDeliveries(host.id);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Last deliveries
      </Title>
      {deliveries.isPending ? (
        <LoadingState label="Loading deliveries" />
      ) : deliveries.isError ? (
        <ErrorState error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      ) : deliveries.data.length === 0 ? (
        <EmptyState title="Nothing received yet">Once the URL and secret are pasted, the host's deliveries show here. Refused ones (a wrong secret) show only in the host's own log.</EmptyState>
      ) : (
        <ScrollTable minWidth={340}>
          <Table striped verticalSpacing="xs" aria-label={`Last ${DELIVERIES_SHOWN} deliveries of ${host.name}`}>
            <ColumnHeads columns={['Received', 'Event', 'Outcome', { label: 'Delivery id', wideOnly: true }]} />
            <Table.Tbody>
              {deliveries.data.map((delivery) => (
                <Table.Tr key={delivery.id}>
                  <Table.Td>{formatDateTime(delivery.receivedAt)}</Table.Td>
                  <Table.Td>{delivery.event}</Table.Td>
                  <Table.Td>
                    <Badge variant="filled" color={OUTCOME_BADGES[delivery.outcome].color} miw="max-content">
                      {OUTCOME_BADGES[delivery.outcome].label}
                    </Badge>
                  </Table.Td>
                  <Table.Td visibleFrom="sm" style={{ wordBreak: 'break-all' }}>
                    {delivery.deliveryId}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
