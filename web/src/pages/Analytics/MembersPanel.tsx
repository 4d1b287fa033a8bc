import { Anchor, Badge, Card, Group, Pagination, Table, Text, Title } from '@mantine/core';
import { memo, useState } from 'react';
import { Link } from 'react-router';
import { useAnalyticsUsersPage, useTokensByModel, type AnalyticsUserRow, type DayRange } from '../../api/useAnalytics';
import { useMembers } from '../../api/useMembers';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { formatCompact, formatDay, formatExact, formatMoney } from '../../format';
import { byId, usageOf } from './memberUsage';
import { PanelActions } from './Panel';
import { ColumnHeads } from '../../components/ColumnHeads';

export const MEMBERS_PAGE_SIZE = 20;

/**
 * Every member with its figures over the range, a page at a time. The members list gives the
 * rows (so members without activity are shown, flagged inactive); each page asks /users for
 * exactly its members: the cursor is the previous page's last id, sorted as the server sorts.
 */
export const MembersPanel = memo(function MembersPanel({ range, search }: { range: DayRange; search: string }) {
  const members = useMembers();
  const [page, setPage] = useState(1);
  const sorted = members.data ? [...members.data].sort(byId) : [];
  const pages = Math.max(1, Math.ceil(sorted.length / MEMBERS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const slice = sorted.slice((current - 1) * MEMBERS_PAGE_SIZE, current * MEMBERS_PAGE_SIZE);
  const cursor = current > 1 ? sorted[(current - 1) * MEMBERS_PAGE_SIZE - 1]?.id : undefined;
  const usage = useAnalyticsUsersPage(range, cursor, MEMBERS_PAGE_SIZE, members.isSuccess);
  // The currency of the costs: the dashboard's tokens answer (already loaded) names it.
  const currency = useTokensByModel(range).data?.currency ?? 'USD';
  const rowsByUser = new Map<string, AnalyticsUserRow[]>();
  for (const row of usage.data ?? []) rowsByUser.set(row.user_id, [...(rowsByUser.get(row.user_id) ?? []), row]);
  const title = 'Members';

  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            Each member's figures over the range; members without activity are flagged inactive.
          </Text>
        </div>
        <PanelActions title={title} source={{ resource: 'users', range, page: { limit: MEMBERS_PAGE_SIZE, cursor } }} />
      </Group>
      {members.isPending || usage.isPending ? (
        <LoadingState label="Loading members" />
      ) : members.isError || usage.isError ? (
        <ErrorState error={members.error ?? usage.error} onRetry={() => void (members.isError ? members.refetch() : usage.refetch())} />
      ) : sorted.length === 0 ? (
        <EmptyState title="No members" />
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="xs" aria-label="Members and their usage">
              <ColumnHeads columns={['Member', { label: `Spend (${currency})`, numeric: true }, { label: 'Credits', numeric: true }, { label: 'Sessions', numeric: true }, { label: 'Pull requests', numeric: true }, 'Primary model', 'Delegation', 'Last active (UTC)']} />
              <Table.Tbody>
                {slice.map((member) => {
                  const rows = rowsByUser.get(member.id);
                  const figures = rows ? usageOf(rows) : undefined;
                  return (
                    <Table.Tr key={member.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/analytics/users/${member.id}?${search}`} size="sm" fw={500}>
                          {member.name ?? member.email}
                        </Anchor>
                        <Group gap={4}>
                          <Text size="xs" c="dimmed">
                            {member.role}
                          </Text>
                          {!figures && (
                            <Badge size="xs" color="gray" variant="outline">
                              inactive
                            </Badge>
                          )}
                          {!member.active && (
                            <Badge size="xs" color="gray" variant="outline">
                              deactivated
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">
                        {figures ? formatMoney(figures.spend, currency) : '—'}
                        {figures && figures.unpricedModels.length > 0 && (
                          <Text span size="xs" display="block">
                            without {figures.unpricedModels.join(', ')} (no price)
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right" title={figures ? formatExact(figures.credits) : undefined}>
                        {figures ? formatCompact(figures.credits) : '—'}
                      </Table.Td>
                      <Table.Td ta="right">{figures ? formatExact(figures.sessions) : '—'}</Table.Td>
                      <Table.Td ta="right">{figures ? formatExact(figures.pullRequests) : '—'}</Table.Td>
                      <Table.Td>{figures?.primaryModel ?? '—'}</Table.Td>
                      <Table.Td>{figures?.delegationLevel ?? '—'}</Table.Td>
                      <Table.Td>{figures?.lastActiveDay ? formatDay(figures.lastActiveDay) : '—'}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" mt="sm">
            <Text size="xs" c="dimmed">
              {sorted.length} members · page {current} of {pages}
            </Text>
            <Pagination total={pages} value={current} onChange={setPage} size="sm" getControlProps={(control) => ({ 'aria-label': `${control} page` })} getItemProps={(item) => ({ 'aria-label': `Page ${item}` })} />
          </Group>
        </>
      )}
    </Card>
  );
});
