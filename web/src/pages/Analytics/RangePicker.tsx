import { Button, Group, NativeSelect, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { formatDay } from '../../format';
import { PRESETS, presetLabel, presetRange, yesterday, type DayRange, type Preset, type RangeChoice } from './range';

/** Presets ending yesterday (the API's 24-hour lag), calendar months, or a custom range; days are UTC. */
export function RangePicker({ range, choice, onPreset, onCustom }: { range: DayRange; choice: RangeChoice; onPreset: (preset: Preset) => void; onCustom: (range: DayRange) => void }) {
  const [start, setStart] = useState(range.startDate);
  const [end, setEnd] = useState(range.endDate);
  const last = yesterday();
  const valid = start !== '' && end !== '' && start <= end && end <= last;
  // Seven presets do not fit a phone's width side by side: a select there.
  const narrow = useMediaQuery('(max-width: 48em)');
  const value = choice.kind === 'preset' ? choice.preset : 'custom';
  const choose = (chosen: string) => chosen !== 'custom' && onPreset(chosen as Preset);
  // This month has no ended day on its 1st.
  const options = [...PRESETS.map((preset) => ({ value: preset, label: presetLabel(preset), disabled: presetRange(preset) === null })), { value: 'custom', label: 'Custom', disabled: true }];
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      {narrow ? (
        <NativeSelect label="Range" value={value} onChange={(event) => choose(event.currentTarget.value)} data={options} />
      ) : (
        <div>
          <Text size="sm" fw={500} id="range-presets-label" mb={4}>
            Range
          </Text>
          <SegmentedControl aria-labelledby="range-presets-label" value={value} onChange={choose} data={options} />
        </div>
      )}
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
