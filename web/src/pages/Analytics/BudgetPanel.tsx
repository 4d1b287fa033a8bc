import { Anchor, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Budget, MemberLimitStatus } from '../../api/client';
import { useBudgets, useMemberLimits } from '../../api/useBudgets';
import { useMembers } from '../../api/useMembers';
import { nameOf } from '../../components/people';
import { PersonName } from '../../components/PersonName';
import { useTeams } from '../../api/useTeams';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { SortableHeads, type SortableColumn, type SortState } from '../../components/SortableHeads';
import { formatExact } from '../../format';
import { StandingBadge, StandingWords } from '../../components/Standing';
import { budgetStanding, formatBudgetAmount, memberStanding } from '../Budgets/budgetFigures';

// This month against the budgets and the members' credit limits: live figures (the server's
// monthly counters and today's costs), not the range's, so the panel stands apart from it.

import { NEAR_LIMIT_PERCENT } from '../Budgets/budgetFigures';
import { ScrollTable } from '../../components/ScrollTable';

type MemberSortKey = 'name' | 'used' | 'limit' | 'percent' | 'forecast';

export function BudgetPanel() {
  const title = 'Budgets and limits this month';
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Live figures of the current UTC month, whatever the range above; the forecast is the month-end at the pace of the last 7 days.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Budgets />
        <MembersNearLimit />
      </SimpleGrid>
    </Card>
  );
}

function Budgets() {
  const budgets = useBudgets();
  const teams = useTeams();
  if (budgets.isPending) return <LoadingState label="Loading budgets" />;
  if (budgets.isError) return <ErrorState error={budgets.error} onRetry={() => void budgets.refetch()} />;
  // The organization's budget first, then the teams'.
  const sorted = [...budgets.data].sort((a, b) => (a.teamId === null ? -1 : b.teamId === null ? 1 : 0));
  return (
    <Stack gap="sm">
      {sorted.length === 0 && (
        <EmptyState title="No budget yet">
          {/* Underlined: a link inside a sentence must not be told apart by its colour alone. */}
          <Anchor component={Link} to="/settings/budgets" underline="always">
            Set a monthly budget
          </Anchor>{' '}
          to be warned before the spend reaches it.
        </EmptyState>
      )}
      {sorted.map((budget) => (
        <BudgetLine key={budget.id} budget={budget} name={budget.teamId === null ? 'Organization' : `Team ${teams.data?.find((team) => team.id === budget.teamId)?.name ?? budget.teamId}`} />
      ))}
      {sorted.length > 0 && (
        <Anchor component={Link} to="/settings/budgets" size="sm">
          Budgets and thresholds
        </Anchor>
      )}
    </Stack>
  );
}

function BudgetLine({ budget, name }: { budget: Budget; name: string }) {
  const state = budgetStanding(budget);
  return (
    <div data-testid={`budget-${budget.teamId ?? 'organization'}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600}>
          {name}
        </Text>
        <StandingBadge of={state} />
      </Group>
      <Progress value={Math.min(100, budget.percent)} color={state.color} aria-label={`${name}: share of the budget spent`} mt={4} />
      <Text size="sm" mt={4}>
        {formatBudgetAmount(budget, budget.spent)} of {formatBudgetAmount(budget, budget.amount)}; forecast {formatBudgetAmount(budget, budget.forecast)}
      </Text>
      <StandingWords of={state} what="budget" />
    </div>
  );
}

function MembersNearLimit() {
  const limits = useMemberLimits();
  // The limits answer names members by e-mail; the members list (the dashboard's, cached) has their names.
  const members = useMembers();
  const [sort, setSort] = useState<SortState<MemberSortKey>>({ key: 'percent', descending: true });
  const near = useMemo(() => {
    const direction = sort.descending ? -1 : 1;
    const names = new Map((members.data ?? []).map((member) => [member.id, member.name]));
    return (limits.data?.members ?? [])
      .filter((member) => member.percent >= NEAR_LIMIT_PERCENT)
      .map((member) => ({ ...member, name: names.get(member.userId) ?? null }))
      .sort((a, b) => {
        const [x, y] = sort.key === 'name' ? [nameOf(a).toLocaleLowerCase(), nameOf(b).toLocaleLowerCase()] : [a[sort.key], b[sort.key]];
        return (x < y ? -1 : x > y ? 1 : 0) * direction || (a.email < b.email ? -1 : 1);
      });
  }, [limits.data, members.data, sort]);
  const columns: SortableColumn<MemberSortKey>[] = [
    { key: 'name', label: 'Member' },
    { key: 'percent', label: 'Used', numeric: true },
    { key: 'limit', label: 'Limit', numeric: true, wideOnly: true },
    { key: 'forecast', label: 'Forecast', numeric: true },
  ];
  if (limits.isPending) return <LoadingState label="Loading members' limits" />;
  if (limits.isError) return <ErrorState error={limits.error} onRetry={() => void limits.refetch()} />;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        Members at {NEAR_LIMIT_PERCENT} % of their credit limit or more: {near.length}
      </Text>
      {near.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody is near their limit.
        </Text>
      ) : (
        <ScrollTable minWidth={320}>
          <Table striped verticalSpacing={4} aria-label="Members near their credit limit">
            <SortableHeads columns={columns} sort={sort} onSort={setSort} />
            <Table.Tbody>
              {near.map((member) => (
                <MemberLine key={member.userId} member={member} />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <Anchor component={Link} to="/settings/limits" size="sm">
        Credit limits
      </Anchor>
    </Stack>
  );
}

function MemberLine({ member }: { member: MemberLimitStatus & { name: string | null } }) {
  return (
    <Table.Tr>
      <Table.Td>
        <PersonName person={member} />
      </Table.Td>
      <Table.Td ta="right">
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <StandingBadge of={memberStanding(member)} />
          <Text size="sm">{formatExact(member.used)}</Text>
        </Group>
      </Table.Td>
      <Table.Td ta="right" visibleFrom="sm">
        {formatExact(member.limit)}
      </Table.Td>
      <Table.Td ta="right">
        {formatExact(member.forecast)}
        <StandingWords of={memberStanding(member)} what="limit" />
      </Table.Td>
    </Table.Tr>
  );
}
