import { Button, Fieldset, Group, Select, Stack, Text, TextInput } from '@mantine/core';

export interface MappingRow {
  group: string;
  value: string;
}

/** Rows of "group → value" (a role, a team), each with its own labelled fields, added and removed one by one. */
export function MappingRows(props: {
  legend: string;
  help: string;
  valueLabel: string;
  options: { value: string; label: string }[];
  rows: MappingRow[];
  error?: string | undefined;
  onChange: (rows: MappingRow[]) => void;
}) {
  const { rows, onChange } = props;
  const change = (index: number, row: MappingRow) => onChange(rows.map((current, at) => (at === index ? row : current)));
  return (
    <Fieldset legend={props.legend}>
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {props.help}
        </Text>
        {rows.map((row, index) => (
          <Group key={index} align="flex-end" wrap="wrap">
            <TextInput label={`Group ${index + 1} (${props.valueLabel.toLowerCase()})`} value={row.group} onChange={(event) => change(index, { ...row, group: event.currentTarget.value })} />
            <Select
              label={`${props.valueLabel} for group ${index + 1}`}
              data={props.options}
              value={row.value || null}
              allowDeselect={false}
              onChange={(value) => change(index, { ...row, value: value ?? '' })}
            />
            <Button variant="subtle" color="red" onClick={() => onChange(rows.filter((_, at) => at !== index))} aria-label={`Remove group ${index + 1} (${props.valueLabel.toLowerCase()})`}>
              Remove
            </Button>
          </Group>
        ))}
        {props.error && (
          <Text size="sm" c="red.9" role="alert">
            {props.error}
          </Text>
        )}
        <Group>
          <Button variant="default" size="xs" onClick={() => onChange([...rows, { group: '', value: '' }])}>
            Add a group
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
