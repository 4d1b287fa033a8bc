import { ManagersOnly } from '../../components/ManagersOnly';
import { Alert, Badge, Button, Group, Menu, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { type Webhook } from '../../api/client';
import { useCreateWebhook, useDeleteWebhook, useRotateWebhookSecret, useSendTestEvent, useUpdateWebhook, useWebhooks } from '../../api/useWebhooks';
import { ColumnHeads } from '../../components/ColumnHeads';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useDialog } from '../../components/useDialog';
import { PageHeader } from '../../components/PageHeader';
import { ActionError, EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { SigningSecret } from './SigningSecret';
import { WebhookFormModal } from './WebhookFormModal';
import { WebhookLogModal } from './WebhookLogModal';
import { ScrollTable } from '../../components/ScrollTable';

/** /settings/webhooks — owner and manager: the endpoints the organization's events are sent to. */
export default function WebhooksPage() {
  return (
    <ManagersOnly title="Webhooks are managed by owners and managers" ask="to send events to another system">
      <ManageWebhooks />
    </ManagersOnly>
  );
}

function ManageWebhooks() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const sendTest = useSendTestEvent();
  const { target: creating, open: setCreating, close: closeCreate } = useDialog<true>(create);
  const { target: editing, open: setEditing, close: closeEdit } = useDialog<Webhook>(update);
  const { target: deleting, open: setDeleting, close: closeDelete } = useDialog<Webhook>(remove);
  const { target: rotating, open: setRotating, close: closeRotate } = useDialog<Webhook>(rotate);
  const [viewing, setViewing] = useState<Webhook | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const showSecret = (closeForm: () => void) => (answer: { secret: string }) => {
    closeForm();
    setSecret(answer.secret);
  };

  return (
    <Stack>
      <PageHeader
        title="Webhooks"
        description="Endpoints that receive this organization's events — controls changed, members invited, limits and budgets reached — signed per the Standard Webhooks specification and retried for a day."
        action={<Button onClick={() => setCreating(true)}>Add endpoint</Button>}
      />
      <ActionError error={update.error ?? sendTest.error} />
      {sendTest.isSuccess && (
        <Alert color="blue" title="Test event queued" withCloseButton closeButtonLabel="Dismiss" onClose={() => sendTest.reset()}>
          A webhook.test event goes out at the next delivery pass; its delivery shows in the endpoint's deliveries.
        </Alert>
      )}
      {webhooks.isPending ? (
        <LoadingState label="Loading webhooks" />
      ) : webhooks.isError ? (
        <ErrorState error={webhooks.error} onRetry={() => void webhooks.refetch()} />
      ) : webhooks.data.length === 0 ? (
        <EmptyState title="No endpoints yet">Add an endpoint to send events to your own receiver or to a Slack incoming webhook.</EmptyState>
      ) : (
        <ScrollTable minWidth={360}>
          <Table striped verticalSpacing="sm">
            <ColumnHeads columns={['Endpoint', { label: 'Events', wideOnly: true }, 'Status', { label: 'Actions', labelHidden: true }]} />
            <Table.Tbody>
              {webhooks.data.map((webhook) => (
                <Table.Tr key={webhook.id}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    <Text size="sm" fw={500}>
                      {webhook.url}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[webhook.description, webhook.format === 'slack' ? 'Slack message' : 'Standard Webhooks'].filter(Boolean).join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{webhook.eventTypes === null ? 'Every event' : webhook.eventTypes.join(', ')}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="filled" color={webhook.enabled ? 'teal.9' : 'red.9'} miw="max-content">
                      {webhook.enabled ? 'Enabled' : 'Disabled'}
                    </Badge>
                    {webhook.disabledReason && (
                      <Text size="xs" c="dimmed">
                        {webhook.disabledReason}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group justify="flex-end" wrap="nowrap">
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <Button size="xs" variant="light" aria-label={`Actions for ${webhook.url}`}>
                            Actions
                          </Button>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => setViewing(webhook)}>Deliveries</Menu.Item>
                          <Menu.Item disabled={!webhook.enabled} onClick={() => sendTest.mutate(webhook.id)}>
                            Send test event
                          </Menu.Item>
                          <Menu.Item onClick={() => setEditing(webhook)}>Edit</Menu.Item>
                          <Menu.Item onClick={() => update.mutate({ webhookId: webhook.id, changes: { enabled: !webhook.enabled } })}>{webhook.enabled ? 'Disable' : 'Enable'}</Menu.Item>
                          <Menu.Item onClick={() => setRotating(webhook)}>Rotate secret</Menu.Item>
                          <Menu.Item color="red.9" onClick={() => setDeleting(webhook)}>
                            Delete
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}

      {creating && (
        <WebhookFormModal title="Add an endpoint" submitLabel="Add endpoint" initial={null} pending={create.isPending} error={create.error} onClose={closeCreate} onSubmit={(body) => create.mutate(body, { onSuccess: showSecret(closeCreate) })} />
      )}
      {editing && (
        <WebhookFormModal
          title="Edit the endpoint"
          submitLabel="Save"
          initial={editing}
          pending={update.isPending}
          error={update.error}
          onClose={closeEdit}
          onSubmit={(changes) => update.mutate({ webhookId: editing.id, changes }, { onSuccess: closeEdit })}
        />
      )}
      {viewing && <WebhookLogModal webhook={webhooks.data?.find((webhook) => webhook.id === viewing.id) ?? viewing} onClose={() => setViewing(null)} />}
      <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={secret !== null} onClose={() => setSecret(null)} title="The endpoint's signing secret" size="lg" centered>
        <Stack>
          {secret && <SigningSecret secret={secret} />}
          <Group justify="flex-end">
            <Button onClick={() => setSecret(null)}>Done</Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmModal
        opened={rotating !== null}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        pending={rotate.isPending}
        error={rotate.error}
        onClose={closeRotate}
        onConfirm={() => rotating && rotate.mutate(rotating.id, { onSuccess: showSecret(closeRotate) })}
      >
        {rotating && `Requests to ${rotating.url} are signed with a new secret from now on; the old one signs nothing more. Update the receiver with the new secret.`}
      </ConfirmModal>
      <ConfirmModal
        opened={deleting !== null}
        title="Delete this endpoint?"
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.error}
        onClose={closeDelete}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: closeDelete })}
      >
        {deleting && `${deleting.url} gets no more events, and its deliveries and log are deleted with it.`}
      </ConfirmModal>
    </Stack>
  );
}
