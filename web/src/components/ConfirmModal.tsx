import { Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormActions } from './FormActions';
import { ActionError } from './QueryState';

/** Asks before a destructive action; the confirm button names the action. */
export function ConfirmModal(props: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack>
        <Text size="sm">{props.children}</Text>
        <ActionError error={props.error} />
        <FormActions onCancel={props.onClose} submitLabel={props.confirmLabel} pending={props.pending} danger onConfirm={props.onConfirm} />
      </Stack>
    </Modal>
  );
}
