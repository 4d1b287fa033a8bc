import { Button, Group, type MantineSpacing } from '@mantine/core';

/**
 * The one footer of the console's forms and dialogs: Cancel, then the action's button, held while
 * its request runs. The button submits the form around it, or runs `onConfirm` where there is no
 * form (a confirmation); `danger` colours an action that removes or cuts off.
 */
export function FormActions(props: {
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  disabled?: boolean;
  danger?: boolean;
  onConfirm?: () => void;
  mt?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" mt={props.mt}>
      <Button variant="default" onClick={props.onCancel}>
        Cancel
      </Button>
      <Button
        type={props.onConfirm ? 'button' : 'submit'}
        onClick={props.onConfirm}
        color={props.danger ? 'red' : undefined}
        loading={props.pending}
        disabled={props.disabled}
      >
        {props.submitLabel}
      </Button>
    </Group>
  );
}
