import { memo } from 'react';
import { SimpleGrid, Text } from '@mantine/core';
import type { useActivity } from '../../api/useAnalytics';
import { DailyLines } from '../../components/Charts';
import { EmptyState } from '../../components/QueryState';
import { meanNote, timeSeries, type TimeAxis } from './timeAxis';

type ActivityRow = NonNullable<ReturnType<typeof useActivity>['data']>[number];

/** DAU / WAU / MAU, DAU by client, sessions and messages over time (/activity). */
export const ActivityPanelBody = memo(function ActivityPanelBody({ axis, rows }: { axis: TimeAxis; rows: ActivityRow[] }) {
  if (rows.length === 0) return <EmptyState title="No activity in this range">Active users appear the day after they use an agent.</EmptyState>;
  const users = timeSeries(axis, rows, (row) => ({ dau: row.daily_active_users, wau: row.weekly_active_users, mau: row.monthly_active_users }), { dau: 0, wau: 0, mau: 0 }, 'mean');
  // A person on two clients in a day is in both clients' counts: lines, never a stack that would
  // count them twice, beside the day's unique count.
  const clients = timeSeries(axis, rows, (row) => ({ all: row.daily_active_users, ...row.daily_active_users_by_client }), { all: 0, 'terminal-ui': 0, web: 0, 'non-interactive-cli': 0 }, 'mean');
  const work = timeSeries(axis, rows, (row) => ({ sessions: row.sessions, messages: row.messages, user_messages: row.user_messages }), { sessions: 0, messages: 0, user_messages: 0 }, 'sum');
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <div>
        <Text size="sm" fw={600}>
          Active users{meanNote(axis)}
        </Text>
        <DailyLines
          label={`Daily, weekly and monthly active users${meanNote(axis)}`}
          xFormat={axis}
          data={users}
          series={[
            { key: 'dau', label: 'DAU' },
            { key: 'wau', label: 'WAU' },
            { key: 'mau', label: 'MAU' },
          ]}
        />
      </div>
      <div>
        <Text size="sm" fw={600}>
          Daily active users by client{meanNote(axis)}
        </Text>
        <DailyLines
          label={`Daily active users by client${meanNote(axis)}`}
          xFormat={axis}
          data={clients}
          series={[
            { key: 'all', label: 'Any client (unique)' },
            { key: 'terminal-ui', label: 'Terminal' },
            { key: 'web', label: 'Web' },
            { key: 'non-interactive-cli', label: 'Non-interactive CLI' },
          ]}
        />
      </div>
      <div>
        <Text size="sm" fw={600}>
          Sessions and messages {axis.per}
        </Text>
        <DailyLines
          label={`Sessions and messages ${axis.per}`}
          xFormat={axis}
          data={work}
          series={[
            { key: 'sessions', label: 'Sessions' },
            { key: 'messages', label: 'Messages' },
            { key: 'user_messages', label: 'User messages' },
          ]}
        />
      </div>
    </SimpleGrid>
  );
});
