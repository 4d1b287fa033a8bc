import { memo } from 'react';
import { SimpleGrid, Text } from '@mantine/core';
import { useTokensByModel, type DayRange } from '../../api/useAnalytics';
import { StackedDailyAreas, StackedDailyBars } from '../../components/Charts';
import { EmptyState } from '../../components/QueryState';
import { daysOf } from './range';

/** Standard Credits and tokens per day, stacked by model (/tokens?group_by=model). */
export const TokensPanelBody = memo(function TokensPanelBody({ range, rows }: { range: DayRange; rows: NonNullable<ReturnType<typeof useTokensByModel>['data']> }) {
  if (rows.length === 0) return <EmptyState title="No model usage in this range">Credits appear the day after agents call a model.</EmptyState>;
  const models = [...new Set(rows.map((row) => row.group_key))].sort();
  const byDay = new Map(daysOf(range).map((day) => [day, { date: day, input: 0, output: 0, ...Object.fromEntries(models.map((model) => [model, 0])) } as Record<string, number | string>]));
  for (const row of rows) {
    const day = byDay.get(row.date);
    if (!day) continue;
    day[row.group_key] = row.billable_tokens;
    day.input = (day.input as number) + row.input_tokens;
    day.output = (day.output as number) + row.output_tokens;
  }
  const data = [...byDay.values()];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <div>
        <Text size="sm" fw={600}>
          Standard Credits per day, by model
        </Text>
        <StackedDailyBars label="Standard Credits per day, stacked by model" data={data} series={models.map((model) => ({ key: model, label: model }))} />
      </div>
      <div>
        <Text size="sm" fw={600}>
          Tokens per day, input and output
        </Text>
        <StackedDailyAreas
          label="Input and output tokens per day"
          data={data}
          series={[
            { key: 'input', label: 'Input tokens' },
            { key: 'output', label: 'Output tokens' },
          ]}
        />
      </div>
    </SimpleGrid>
  );
});
