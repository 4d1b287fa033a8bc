import { Button, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatDay } from '../../format';
import { PRESETS, yesterday, type DayRange, type RangeChoice } from './range';

/** Presets ending yesterday (the API's 24-hour lag) or a custom range; days are UTC. */
export function RangePicker({ range, choice, onPreset, onCustom }: { range: DayRange; choice: RangeChoice; onPreset: (days: number) => void; onCustom: (range: DayRange) => void }) {
  const [start, setStart] = useState(range.startDate);
  const [end, setEnd] = useState(range.endDate);
  const last = yesterday();
  const valid = start !== '' && end !== '' && start <= end && end <= last;
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <div>
        <Text size="sm" fw={500} id="range-presets-label" mb={4}>
          Range
        </Text>
        <SegmentedControl
          aria-labelledby="range-presets-label"
          value={choice.kind === 'preset' ? String(choice.days) : 'custom'}
          onChange={(value) => value !== 'custom' && onPreset(Number(value))}
          data={[...PRESETS.map((days) => ({ value: String(days), label: `${days} days` })), { value: 'custom', label: 'Custom', disabled: true }]}
        />
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onCustom({ startDate: start, endDate: end });
        }}
      >
        <Group align="flex-end" gap="xs">
          <TextInput type="date" label="From" size="sm" value={start} max={last} onChange={(event) => setStart(event.currentTarget.value)} />
          <TextInput type="date" label="To" size="sm" value={end} max={last} onChange={(event) => setEnd(event.currentTarget.value)} error={end > last ? 'Data ends yesterday (UTC)' : undefined} />
          <Button type="submit" variant="default" disabled={!valid}>
            Apply
          </Button>
        </Group>
      </form>
      <Text size="sm" c="dimmed" aria-live="polite">
        {formatDay(range.startDate)} – {formatDay(range.endDate)}, UTC days. Data ends yesterday: a day is complete the next day.
      </Text>
    </Group>
  );
}
