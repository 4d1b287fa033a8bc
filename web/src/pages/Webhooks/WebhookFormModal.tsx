import { Checkbox, Modal, NativeSelect, Stack, Switch, TextInput } from '@mantine/core';
import { FormActions } from '../../components/FormActions';
import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../../src/sdk/webhook-event-types.js';
import type { Webhook, WebhookChanges } from '../../api/client';
import { ActionError } from '../../components/QueryState';

const FORMATS = [
  { value: 'standard', label: 'Standard Webhooks (JSON envelope, signed)' },
  { value: 'slack', label: 'Slack message (text and blocks)' },
];

/** An endpoint's URL, description, events and format: a new one, or one being edited. */
export function WebhookFormModal(props: {
  title: string;
  submitLabel: string;
  initial: Webhook | null;
  pending: boolean;
  error: unknown;
  onSubmit: (changes: WebhookChanges & { url: string }) => void;
  onClose: () => void;
}) {
  const [url, setUrl] = useState(props.initial?.url ?? '');
  const [description, setDescription] = useState(props.initial?.description ?? '');
  // null: every event type, present and future (the server's default).
  const [eventTypes, setEventTypes] = useState<WebhookEventType[] | null>((props.initial?.eventTypes as WebhookEventType[] | null | undefined) ?? null);
  const [format, setFormat] = useState<Webhook['format']>(props.initial?.format ?? 'standard');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit({ url: url.trim(), description: description.trim(), eventTypes, format });
  };
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened onClose={props.onClose} title={props.title} size="lg" centered>
      <form onSubmit={submit}>
        <Stack>
          <ActionError error={props.error} />
          <TextInput label="URL" description="Where the events are POSTed (http or https)" type="url" required maxLength={2048} value={url} onChange={(event) => setUrl(event.currentTarget.value)} data-autofocus />
          <TextInput label="Description" maxLength={500} value={description} onChange={(event) => setDescription(event.currentTarget.value)} />
          <Switch
            label="Every event type, including types added later"
            checked={eventTypes === null}
            onChange={(event) => setEventTypes(event.currentTarget.checked ? null : [...WEBHOOK_EVENT_TYPES])}
          />
          {eventTypes !== null && (
            <Checkbox.Group label="Event types" value={eventTypes} onChange={(types) => setEventTypes(types as WebhookEventType[])} error={eventTypes.length === 0 ? 'Choose at least one' : undefined}>
              <Stack gap={6} mt={6}>
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <Checkbox key={type} value={type} label={type} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          <NativeSelect label="Payload format" data={FORMATS} value={format} onChange={(event) => setFormat(event.currentTarget.value as Webhook['format'])} />
          <FormActions onCancel={props.onClose} submitLabel={props.submitLabel} pending={props.pending} disabled={!url.trim() || eventTypes?.length === 0} />
        </Stack>
      </form>
    </Modal>
  );
}
