import { memo } from 'react';
import { SimpleGrid, Text } from '@mantine/core';
import type { useTools } from '../../api/useAnalytics';
import { DailyLines, RankedBars, StackedDailyAreas } from '../../components/Charts';
import { EmptyState } from '../../components/QueryState';
import { meanNote, timeSeries, type TimeAxis } from './timeAxis';
import { sumBy, sumByFoldingCase } from './totals';

type ToolsRow = NonNullable<ReturnType<typeof useTools>['data']>[number];

function Ranked({ title, items, unit }: { title: string; items: { name: string; value: number }[]; unit: string }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {items.length === 0 ? <EmptyState title={`No ${title.toLowerCase()}`} /> : <RankedBars label={title} items={items} valueLabel={unit} />}
    </div>
  );
}

/** Calls by tool, MCP servers, skills, slash commands, hooks by event, autonomy (/tools). */
export const ToolsPanelBody = memo(function ToolsPanelBody({ axis, rows }: { axis: TimeAxis; rows: ToolsRow[] }) {
  if (rows.length === 0) return <EmptyState title="No tool use in this range" />;
  const autonomy = timeSeries(axis, rows, (row) => ({ avg: row.autonomy_ratio_avg, p50: row.autonomy_ratio_p50, p90: row.autonomy_ratio_p90 }), { avg: 0, p50: 0, p90: 0 }, 'mean');
  const levels = timeSeries(axis, rows, (row) => ({ ...row.tool_autonomy_level_ratio }), { auto_high: 0, auto_medium: 0, auto_low: 0, manual: 0 }, 'mean');
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <Ranked title="Calls by tool" unit="Calls" items={sumBy(rows, (row) => row.by_tool.map((item) => ({ name: item.tool, value: item.invocations })))} />
      <Ranked title="MCP servers" unit="Calls" items={sumByFoldingCase(rows, (row) => row.mcp_by_server.map((item) => ({ name: item.server, value: item.invocations })))} />
      <Ranked title="Skills" unit="Uses" items={sumBy(rows, (row) => row.skills_by_name.map((item) => ({ name: item.name, value: item.count })))} />
      <Ranked title="Slash commands" unit="Uses" items={sumBy(rows, (row) => row.slash_commands_by_name.map((item) => ({ name: `/${item.name}`, value: item.count })))} />
      <Ranked title="Hooks by event" unit="Runs" items={sumBy(rows, (row) => row.hooks_by_event.map((item) => ({ name: item.matcher ? `${item.event} (${item.matcher})` : item.event, value: item.count })))} />
      <div>
        <Text size="sm" fw={600}>
          Autonomy ratio per day{meanNote(axis)}
        </Text>
        <DailyLines
          label={`Autonomy ratio per day${meanNote(axis)}: average, median and 90th percentile`}
          xFormat={axis}
          data={autonomy}
          series={[
            { key: 'avg', label: 'Average' },
            { key: 'p50', label: 'Median' },
            { key: 'p90', label: '90th percentile' },
          ]}
          height={200}
        />
      </div>
      <div>
        <Text size="sm" fw={600}>
          Tool calls by autonomy level
        </Text>
        <StackedDailyAreas
          label={`Share of tool calls per autonomy level per day${meanNote(axis)}`}
          xFormat={axis}
          data={levels}
          series={[
            { key: 'auto_high', label: 'Auto high' },
            { key: 'auto_medium', label: 'Auto medium' },
            { key: 'auto_low', label: 'Auto low' },
            { key: 'manual', label: 'Manual' },
          ]}
          height={200}
        />
      </div>
    </SimpleGrid>
  );
});
