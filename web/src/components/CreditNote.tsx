import { Text } from '@mantine/core';

/** The one line that says what a Standard Credit is, under every view that shows credits beside money. */
export function CreditNote() {
  return (
    <Text size="xs" c="dimmed">
      A Standard Credit is one token of input, output or cache write (a cache read counts a tenth), times the model's multiplier: a measure of use, not of money.
    </Text>
  );
}
