import { Modal, Stack, TextInput } from '@mantine/core';
import { FormActions } from './FormActions';
import { useState, type FormEvent } from 'react';
import { ActionError } from './QueryState';

/** A name to give, or a new one for something named (a team, a session's title); sent trimmed. */
export function NameModal(props: {
  opened: boolean;
  title: string;
  label: string;
  maxLength: number;
  submitLabel: string;
  initialName: string;
  pending: boolean;
  error: unknown;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(props.initialName);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(name.trim());
  };
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <form onSubmit={submit}>
        <Stack>
          <ActionError error={props.error} />
          <TextInput label={props.label} required maxLength={props.maxLength} value={name} onChange={(event) => setName(event.currentTarget.value)} data-autofocus />
          <FormActions onCancel={props.onClose} submitLabel={props.submitLabel} pending={props.pending} disabled={!name.trim()} />
        </Stack>
      </form>
    </Modal>
  );
}
