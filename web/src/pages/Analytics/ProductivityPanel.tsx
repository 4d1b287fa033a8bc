import { memo } from 'react';
import { SimpleGrid, Text } from '@mantine/core';
import type { useProductivity } from '../../api/useAnalytics';
import { DailyLines, RankedBars, StackedDailyBars } from '../../components/Charts';
import { EmptyState } from '../../components/QueryState';
import { timeSeries, type TimeAxis } from './timeAxis';
import { sumBy } from './totals';

type ProductivityRow = NonNullable<ReturnType<typeof useProductivity>['data']>[number];

/** Files created and edited (by language and extension), commits and pull requests (/productivity). */
export const ProductivityPanelBody = memo(function ProductivityPanelBody({ axis, rows }: { axis: TimeAxis; rows: ProductivityRow[] }) {
  if (rows.length === 0) return <EmptyState title="No file or git work in this range" />;
  const files = timeSeries(axis, rows, (row) => ({ created: row.files_created, edited: row.files_edited }), { created: 0, edited: 0 }, 'sum');
  const git = timeSeries(axis, rows, (row) => ({ commits: row.git_commits, prs: row.git_prs_created }), { commits: 0, prs: 0 }, 'sum');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <div>
        <Text size="sm" fw={600}>
          Files created and edited
        </Text>
        <StackedDailyBars
          label={`Files created and edited ${axis.per}`}
          xFormat={axis}
          data={files}
          series={[
            { key: 'created', label: 'Created' },
            { key: 'edited', label: 'Edited' },
          ]}
        />
      </div>
      <div>
        <Text size="sm" fw={600}>
          Commits and pull requests
        </Text>
        <DailyLines
          label={`Commits and pull requests ${axis.per}`}
          xFormat={axis}
          data={git}
          series={[
            { key: 'commits', label: 'Commits' },
            { key: 'prs', label: 'Pull requests' },
          ]}
        />
      </div>
      <div>
        <Text size="sm" fw={600}>
          Files by language
        </Text>
        <RankedBars label="Files by language" valueLabel="Files" items={sumBy(rows, (row) => row.by_language.map((item) => ({ name: item.language, value: item.count })))} />
      </div>
      <div>
        <Text size="sm" fw={600}>
          Files by extension
        </Text>
        <RankedBars label="Files by extension" valueLabel="Files" items={sumBy(rows, (row) => row.by_extension.map((item) => ({ name: item.extension || '(none)', value: item.count })))} />
      </div>
    </SimpleGrid>
  );
});
