import { Button, Group } from '@mantine/core';

/** A dialog form's buttons: Cancel, and the submit button, held while the request runs. */
export function FormActions(props: { onCancel: () => void; submitLabel: string; pending: boolean; disabled: boolean }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={props.onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={props.pending} disabled={props.disabled}>
        {props.submitLabel}
      </Button>
    </Group>
  );
}
