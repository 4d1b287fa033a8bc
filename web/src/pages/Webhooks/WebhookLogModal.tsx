import { Badge, Button, Code, Modal, Stack, Table, Text, Title } from '@mantine/core';
import type { Webhook, WebhookDelivery } from '../../api/client';
import { LOG_LENGTH, useReplayDelivery, useWebhookAttempts, useWebhookDeliveries } from '../../api/useWebhooks';
import { ColumnHeads } from '../../components/ColumnHeads';
import { ActionError, EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { formatDateTime } from '../../format';
import { ScrollTable } from '../../components/ScrollTable';

const STATUS_BADGES: Record<WebhookDelivery['status'], { color: string; label: string }> = {
  pending: { color: 'gray.7', label: 'Pending' },
  succeeded: { color: 'teal.9', label: 'Delivered' },
  failed: { color: 'red.9', label: 'Failed' },
};

/** An endpoint's newest deliveries (with replay) and its attempt log. */
export function WebhookLogModal({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened onClose={onClose} title={`Deliveries to ${webhook.url}`} size="xl" centered>
      <Stack>
        <Deliveries webhook={webhook} />
        <Attempts webhookId={webhook.id} />
      </Stack>
    </Modal>
  );
}

function Deliveries({ webhook }: { webhook: Webhook }) {
  const deliveries = useWebhookDeliveries(webhook.id);
  const replay = useReplayDelivery();
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Deliveries
      </Title>
      <Text size="sm" c="dimmed">
        The newest {LOG_LENGTH}. A delivery is one event for this endpoint; its id is the webhook-id header of every attempt. Replay sends it again with a fresh
        retry window.
      </Text>
      <ActionError error={replay.error} />
      {deliveries.isPending ? (
        <LoadingState label="Loading deliveries" />
      ) : deliveries.isError ? (
        <ErrorState error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      ) : deliveries.data.length === 0 ? (
        <EmptyState title="No deliveries yet">Send a test event, or wait for the next event this endpoint subscribes to.</EmptyState>
      ) : (
        <ScrollTable minWidth={640}>
          <Table striped>
            <ColumnHeads columns={['Event', 'Status', { label: 'Attempts', numeric: true }, 'Created', 'Delivered or next attempt', { label: 'Actions', labelHidden: true }]} />
            <Table.Tbody>
              {deliveries.data.map((delivery) => (
                <Table.Tr key={delivery.id}>
                  <Table.Td>
                    <Text size="sm">{delivery.eventType}</Text>
                    <Text size="xs" c="dimmed">
                      {delivery.id}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="filled" color={STATUS_BADGES[delivery.status].color} miw="max-content">
                      {STATUS_BADGES[delivery.status].label}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{delivery.attempts}</Table.Td>
                  <Table.Td>{formatDateTime(delivery.createdAt)}</Table.Td>
                  <Table.Td>{delivery.deliveredAt !== null ? formatDateTime(delivery.deliveredAt) : formatDateTime(delivery.nextAttemptAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      disabled={!webhook.enabled}
                      loading={replay.isPending && replay.variables.deliveryId === delivery.id}
                      onClick={() => replay.mutate({ webhookId: webhook.id, deliveryId: delivery.id })}
                      aria-label={`Replay ${delivery.eventType} delivery ${delivery.id}`}
                    >
                      Replay
                    </Button>
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

function Attempts({ webhookId }: { webhookId: string }) {
  const attempts = useWebhookAttempts(webhookId);
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Attempt log
      </Title>
      {attempts.isPending ? (
        <LoadingState label="Loading the attempt log" />
      ) : attempts.isError ? (
        <ErrorState error={attempts.error} onRetry={() => void attempts.refetch()} />
      ) : attempts.data.length === 0 ? (
        <EmptyState title="No attempts yet" />
      ) : (
        <ScrollTable minWidth={640}>
          <Table striped>
            <ColumnHeads columns={['When', 'Event', 'Answer', { label: 'Latency', numeric: true }, 'Response']} />
            <Table.Tbody>
              {attempts.data.map((attempt) => (
                <Table.Tr key={attempt.id}>
                  <Table.Td>{formatDateTime(attempt.attemptedAt)}</Table.Td>
                  <Table.Td>
                    {attempt.eventType} <Text span size="xs" c="dimmed">#{attempt.attempt}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="filled" color={attempt.succeeded ? 'teal.9' : 'red.9'} miw="max-content">
                      {attempt.statusCode ?? 'no answer'}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{attempt.latencyMs} ms</Table.Td>
                  <Table.Td>
                    {attempt.error && (
                      <Text size="xs" c="var(--mantine-color-red-light-color)">
                        {attempt.error}
                      </Text>
                    )}
                    {attempt.responseExcerpt && <Code style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{attempt.responseExcerpt}</Code>}
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
