import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
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
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button color="red" loading={props.pending} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
