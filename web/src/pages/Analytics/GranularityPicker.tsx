import { Group, SegmentedControl, Text } from '@mantine/core';
import { GRANULARITIES, type Granularity } from './timeAxis';

const LABELS: Record<Granularity, string> = { day: 'Days', week: 'Weeks', month: 'Months' };

/** One point a day, a week or a month on the dashboard's charts over time. */
export function GranularityPicker({ value, onChange }: { value: Granularity; onChange: (granularity: Granularity) => void }) {
  return (
    <Group gap="xs" role="group" aria-labelledby="granularity-label">
      <Text size="sm" id="granularity-label">
        Charts by
      </Text>
      <SegmentedControl size="xs" data={GRANULARITIES.map((granularity) => ({ value: granularity, label: LABELS[granularity] }))} value={value} onChange={(next) => onChange(next as Granularity)} />
    </Group>
  );
}
