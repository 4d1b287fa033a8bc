import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { TODAY_REFRESH_MS, useToday, type AnalyticsTodayRow } from '../../api/useAnalytics';
import { useMembers } from '../../api/useMembers';
import { ColumnHeads } from '../../components/ColumnHeads';
import { PersonName } from '../../components/PersonName';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { Spend } from '../../components/Spend';
import { formatCompact, formatExact } from '../../format';
import { ScrollTable } from '../../components/ScrollTable';

// "Today so far": the day in progress (UTC), live from the counters ingestion keeps
// (GET /api/v1/analytics/today), asked again every TODAY_REFRESH_MS. Set apart from the range's
// panels below, which stop at yesterday and come from the daily rollup: its figures are partial
// and still growing, and the card says so.

const clock = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false, timeZone: 'UTC' });
/** What names a row: a person by their member name with the e-mail under it (the e-mail alone until the members are loaded), else its key. */
type Labeller = (row: AnalyticsTodayRow) => ReactNode;
const byKey: Labeller = (row) => row.group_key;
const BREAKDOWNS = [
  { dimension: 'user', title: 'People', column: 'Person' },
  { dimension: 'model', title: 'Models', column: 'Model' },
  { dimension: 'agent', title: 'Agents', column: 'Agent' },
] as const;
/** Rows shown per breakdown: the card is a glance, the CSV of GET /api/v1/analytics/today has them all. */
const SHOWN = 5;

function Breakdown({ title, column, rows, label, currency }: { title: string; column: string; rows: AnalyticsTodayRow[]; label: Labeller; currency: string }) {
  return (
    <ScrollTable minWidth={260}>
      <Table verticalSpacing={4} aria-label={`Today so far by ${title.toLowerCase()}`}>
        <ColumnHeads columns={[column, { label: 'Spend', numeric: true }, { label: 'Credits', numeric: true }]} />
        <Table.Tbody>
          {rows.slice(0, SHOWN).map((row) => (
            <Table.Tr key={row.group_key}>
              <Table.Td style={{ wordBreak: 'break-all' }}>{label(row)}</Table.Td>
              <Table.Td ta="right">
                <Spend cost={row.cost} unpricedModels={row.unpriced_models} currency={currency} />
              </Table.Td>
              <Table.Td ta="right">{formatExact(row.billable_tokens)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

export function TodayCard() {
  const today = useToday();
  const members = useMembers();
  const total = today.data?.rows.find((row) => row.dimension === 'total');
  const person: Labeller = (row) => {
    const member = members.data?.find((candidate) => candidate.id === row.group_key);
    return member ? <PersonName person={member} /> : (row.user_email ?? row.group_key);
  };
  return (
    <Card withBorder padding="md" component="section" aria-label="Today so far">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <Title order={2} size="h4">
                Today so far
              </Title>
              <Badge color="teal.9" variant="filled">
                Live
              </Badge>
              <Badge variant="default">
                Partial day
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {today.data
                ? `${today.data.meta.date} since 00:00 UTC, as of ${clock.format(Date.parse(today.data.meta.as_of))} UTC; refreshed every ${TODAY_REFRESH_MS / 1000} seconds. The day is not over: these figures still grow, and the panels below stop at yesterday.`
                : 'The day in progress (UTC), live. The panels below stop at yesterday.'}
            </Text>
          </div>
        </Group>
        {today.isPending ? (
          <LoadingState label="Loading today's figures" />
        ) : today.isError ? (
          <ErrorState error={today.error} onRetry={() => void today.refetch()} />
        ) : !total || total.model_calls === 0 ? (
          <EmptyState title="Nothing yet today">No model calls have been reported since 00:00 UTC.</EmptyState>
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {[
                ['Spend', <Spend key="spend" cost={total.cost} unpricedModels={total.unpriced_models} currency={today.data.meta.currency} />],
                ['Standard Credits', formatExact(total.billable_tokens)],
                ['Tokens', formatCompact(total.input_tokens + total.output_tokens + total.cache_read_tokens + total.cache_write_tokens)],
                ['Model calls', formatExact(total.model_calls)],
              ].map(([label, value]) => (
                <div key={label as string}>
                  <Text size="xs" c="dimmed">
                    {label}
                  </Text>
                  <Text fw={600} size="lg">
                    {value}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              {BREAKDOWNS.map(({ dimension, title, column }) => (
                <Breakdown key={dimension} title={title} column={column} label={dimension === 'user' ? person : byKey} currency={today.data.meta.currency} rows={today.data.rows.filter((row) => row.dimension === dimension)} />
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Card>
  );
}
