import { Anchor, Badge, Card, Checkbox, Group, Pagination, Table, Text, TextInput, Title } from '@mantine/core';
import { memo, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toCsv } from '../../../../src/sdk/csv.js';
import type { ListedUser } from '../../api/client';
import { useAnalyticsUsers, useTokensByModel, type DayRange } from '../../api/useAnalytics';
import { useMembers } from '../../api/useMembers';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { SortableHeads, type SortableColumn, type SortState } from '../../components/SortableHeads';
import { formatCompact, formatDay, formatExact, formatMoney } from '../../format';
import { usageByMember, type MemberUsage } from './memberUsage';
import { ModelShares } from './ModelShares';
import { useModelColors } from './useModelColors';
import { usePhone } from '../../components/usePhone';
import { PanelActions } from './Panel';

import { nameOf } from '../../components/people';
import { ScrollTable } from '../../components/ScrollTable';

export const MEMBERS_PAGE_SIZE = 20;

type SortKey = 'member' | 'spend' | 'credits' | 'sessions' | 'pullRequests' | 'models' | 'delegation' | 'lastActive';
interface MemberLine {
  member: ListedUser;
  /** Undefined: no activity in the range (inactive). */
  figures: MemberUsage | undefined;
}

/**
 * The member's last day with activity: in the range when active in it, else the last day of all
 * (the members list's), so an inactive member says since when; '' for never.
 */
function lastActiveOf({ member, figures }: MemberLine): string {
  return figures?.lastActiveDay ?? member.lastActivityDay ?? '';
}

/** Beside an inactive member's badge: since when (their last day of activity), or never. */
function inactiveSince(member: ListedUser): string {
  return member.lastActivityDay ? `since ${formatDay(member.lastActivityDay)}` : 'never active';
}

/** A line's value in a column; inactive members sort below every active one. */
function sortValue(line: MemberLine, key: SortKey): number | string {
  const figures = line.figures;
  switch (key) {
    case 'member':
      return nameOf(line.member).toLowerCase();
    case 'models':
      // By the model with the most spend; rows from before the split by model, by the primary model.
      return figures?.models[0]?.model ?? figures?.primaryModel ?? '';
    case 'delegation':
      return figures?.delegationLevel ?? '';
    case 'lastActive':
      return lastActiveOf(line);
    default:
      return figures ? figures[key] : -1;
  }
}

function sortLines(lines: MemberLine[], sort: SortState<SortKey>): MemberLine[] {
  const direction = sort.descending ? -1 : 1;
  return [...lines].sort((a, b) => {
    const [x, y] = [sortValue(a, sort.key), sortValue(b, sort.key)];
    const order = x < y ? -1 : x > y ? 1 : 0;
    // Ties: by e-mail, so that pages keep their members from one render to the next.
    return order * direction || (a.member.email < b.member.email ? -1 : 1);
  });
}

/** The table as shown (its filter and order, every page), for the CSV button. */
function membersCsv(lines: MemberLine[], currency: string): string {
  return toCsv(
    lines.map(({ member, figures }) => ({
      email: member.email,
      name: member.name ?? '',
      role: member.role,
      active_in_range: figures !== undefined,
      deactivated: !member.active,
      [`spend_${currency.toLowerCase()}`]: figures?.spend ?? null,
      unpriced_models: figures?.unpricedModels.join(' ') ?? '',
      credits: figures?.credits ?? null,
      sessions: figures?.sessions ?? null,
      pull_requests: figures?.pullRequests ?? null,
      primary_model: figures?.primaryModel ?? '',
      // Each model with its spend (or "unpriced"), most spend first: "model=12.34 other=unpriced".
      models: figures?.models.map((share) => `${share.model}=${share.spend ?? 'unpriced'}`).join(' ') ?? '',
      delegation_level: figures?.delegationLevel ?? '',
      last_active_day: lastActiveOf({ member, figures }),
    })),
  );
}

/**
 * Every member with its figures over the range: sortable by each column, searchable by name or
 * e-mail, filtered to the inactive ones (no activity in the range) on demand, a page at a time.
 * The figures of every member are loaded (all pages of /users) so that sorting spans pages.
 */
export const MembersPanel = memo(function MembersPanel({ range, search }: { range: DayRange; search: string }) {
  const members = useMembers();
  const usage = useAnalyticsUsers(range, members.isSuccess);
  // The currency of the costs: the dashboard's tokens answer (already loaded) names it.
  const currency = useTokensByModel(range).data?.currency ?? 'USD';
  const colorOf = useModelColors(range);
  const phone = usePhone();
  const [sort, setSort] = useState<SortState<SortKey>>({ key: 'spend', descending: true });
  const [query, setQuery] = useState('');
  const [inactiveOnly, setInactiveOnly] = useState(false);
  const [page, setPage] = useState(1);
  const title = 'Members';

  const lines = useMemo(() => {
    const usageOfMember = usageByMember(usage.data ?? []);
    return (members.data ?? []).map((member): MemberLine => ({ member, figures: usageOfMember.get(member.id) }));
  }, [members.data, usage.data]);
  const inactiveCount = lines.filter((line) => !line.figures).length;
  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const matching = lines.filter((line) => (!inactiveOnly || !line.figures) && (!needle || line.member.email.toLowerCase().includes(needle) || (line.member.name ?? '').toLowerCase().includes(needle)));
    return sortLines(matching, sort);
  }, [lines, query, inactiveOnly, sort]);
  const pages = Math.max(1, Math.ceil(shown.length / MEMBERS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const slice = shown.slice((current - 1) * MEMBERS_PAGE_SIZE, current * MEMBERS_PAGE_SIZE);
  const columns: SortableColumn<SortKey>[] = [
    { key: 'member', label: 'Member' },
    { key: 'spend', label: `Spend (${currency})`, numeric: true },
    { key: 'credits', label: 'Credits', numeric: true, wideOnly: true },
    { key: 'sessions', label: 'Sessions', numeric: true, wideOnly: true },
    { key: 'pullRequests', label: 'Pull requests', numeric: true, wideOnly: true },
    { key: 'models', label: 'Models' },
    { key: 'delegation', label: 'Delegation', wideOnly: true },
    { key: 'lastActive', label: 'Last active (UTC)', wideOnly: true },
  ];
  // A new order, search or filter starts again at the first page; paging keeps them.
  const changeView = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            Each member's figures over the range, most spend first; members without activity in the range are inactive.
          </Text>
        </div>
        <PanelActions title={title} source={{ resource: 'users', range, page: { limit: 100 } }} csv={() => membersCsv(shown, currency)} />
      </Group>
      <Group mb="sm" align="flex-end">
        <TextInput label="Search members" placeholder="Name or e-mail" value={query} onChange={(event) => changeView(setQuery)(event.currentTarget.value)} w={260} />
        <Checkbox label={`Inactive only (${inactiveCount})`} checked={inactiveOnly} onChange={(event) => changeView(setInactiveOnly)(event.currentTarget.checked)} mb={8} />
      </Group>
      {members.isPending || usage.isPending ? (
        <LoadingState label="Loading members" />
      ) : members.isError || usage.isError ? (
        <ErrorState error={members.error ?? usage.error} onRetry={() => void (members.isError ? members.refetch() : usage.refetch())} />
      ) : shown.length === 0 ? (
        <EmptyState title={lines.length === 0 ? 'No members' : 'No member matches'} />
      ) : (
        <>
          {/* On a phone: who, what they spent and on which model, without scrolling sideways; the rest is on the member's page and in the CSV. */}
          <ScrollTable minWidth={phone ? 0 : 860}>
            <Table striped verticalSpacing="xs" aria-label="Members and their usage">
              <SortableHeads columns={columns} sort={sort} onSort={changeView(setSort)} />
              <Table.Tbody>
                {slice.map(({ member, figures }) => (
                  <Table.Tr key={member.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/analytics/users/${member.id}?${search}`} size="sm" fw={500} title={nameOf(member)} display="block" maw={phone ? 140 : 260} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                        {nameOf(member)}
                      </Anchor>
                      <Group gap={4}>
                        <Text size="xs" c="dimmed">
                          {member.role}
                        </Text>
                        {!figures && (
                          <>
                            <Badge size="xs" color="gray" variant="outline">
                              inactive
                            </Badge>
                            <Text size="xs" c="dimmed">
                              {inactiveSince(member)}
                            </Text>
                          </>
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
                    <Table.Td ta="right" visibleFrom="sm" title={figures ? formatExact(figures.credits) : undefined}>
                      {figures ? formatCompact(figures.credits) : '—'}
                    </Table.Td>
                    <Table.Td ta="right" visibleFrom="sm">
                      {figures ? formatExact(figures.sessions) : '—'}
                    </Table.Td>
                    <Table.Td ta="right" visibleFrom="sm">
                      {figures ? formatExact(figures.pullRequests) : '—'}
                    </Table.Td>
                    <Table.Td>{figures && figures.models.length > 0 ? <ModelShares models={figures.models} currency={currency} colorOf={colorOf} shown={2} /> : (figures?.primaryModel ?? '—')}</Table.Td>
                    <Table.Td visibleFrom="sm">{figures?.delegationLevel ?? '—'}</Table.Td>
                    <Table.Td visibleFrom="sm">{lastActiveOf({ member, figures }) ? formatDay(lastActiveOf({ member, figures })) : 'never'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Group justify="space-between" mt="sm">
            <Text size="xs" c="dimmed">
              {shown.length === lines.length ? `${lines.length} members` : `${shown.length} of ${lines.length} members`} · page {current} of {pages}
            </Text>
            <Pagination total={pages} value={current} onChange={setPage} size="sm" getControlProps={(control) => ({ 'aria-label': `${control} page` })} getItemProps={(item) => ({ 'aria-label': `Page ${item}` })} />
          </Group>
        </>
      )}
    </Card>
  );
});
