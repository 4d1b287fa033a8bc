import { Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTokensByTeam } from '../../api/useAnalytics';
import { useTeams } from '../../api/useTeams';
import { ColumnHeads } from '../../components/ColumnHeads';
import { CreditNote } from '../../components/CreditNote';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { Spend } from '../../components/Spend';
import { formatExact } from '../../format';
import { PanelActions } from './Panel';
import { formatPeriod, previousPeriod } from './range';
import { changePercent, monthRanges, totalsByTeam, type TeamTotals } from './teamSpend';
import { ScrollTable } from '../../components/ScrollTable';

const monthName = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const NONE: TeamTotals = { cost: 0, unpricedModels: [], credits: 0, tokens: 0 };

/**
 * Each team's spend (money first, then Standard Credits) last month and this month so far, with a team filter
 * (?team=<id>, kept in the URL like the range). A team is its members as they are now; a member in
 * two teams counts in both, while the organization's figures count everyone once.
 */
export function TeamsPanel() {
  const [params, setParams] = useSearchParams();
  const teamId = params.get('team');
  const teams = useTeams();
  const { lastMonth, thisMonth } = monthRanges();
  const last = useTokensByTeam(lastMonth, teamId);
  const current = useTokensByTeam(thisMonth, teamId);
  // The change compares like with like: this month so far against the same days of last month
  // (Dec 1–5 against Nov 1–5), never against the whole of last month.
  const sameDays = thisMonth && previousPeriod(thisMonth);
  const earlier = useTokensByTeam(sameDays, teamId);
  const chooseTeam = (id: string | null) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (id) next.set('team', id);
      else next.delete('team');
      return next;
    });

  const lastLabel = monthName.format(Date.parse(`${lastMonth.startDate}T00:00:00Z`));
  const shown = (teams.data ?? []).filter((team) => teamId === null || team.id === teamId);
  const lastTotals = totalsByTeam(last.data?.rows ?? []);
  const currentTotals = totalsByTeam(current.data?.rows ?? []);
  const earlierTotals = totalsByTeam(earlier.data?.rows ?? []);
  const changeLabel = sameDays ? `Change vs ${formatPeriod(sameDays)}` : 'Change so far';
  const currency = last.data?.currency ?? 'USD';
  const source = { resource: 'tokens' as const, range: lastMonth, groupBy: 'team', teamId: teamId ?? undefined };

  return (
    <Card withBorder padding="md" component="section" aria-label="Teams: spend against last month">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">
              Teams: spend against last month
            </Title>
            <Text size="sm" c="dimmed">
              What each team's current members cost at your prices, and their Standard Credits, {lastLabel} and this month so far (UTC); the change compares this month so far with the same days of last month. A member in two teams counts in both.
            </Text>
          </div>
          <PanelActions source={source} title={`Teams, ${lastLabel}`} />
        </Group>
        <Select
          label="Team"
          placeholder="All teams"
          clearable
          data={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
          value={teamId}
          onChange={chooseTeam}
          maw={320}
        />
        {teams.isPending || last.isPending || (thisMonth !== null && (current.isPending || earlier.isPending)) ? (
          <LoadingState label="Loading team figures" />
        ) : teams.isError || last.isError || current.isError || earlier.isError ? (
          <ErrorState error={teams.error ?? last.error ?? current.error ?? earlier.error} />
        ) : shown.length === 0 ? (
          <EmptyState title="No teams yet">Create teams under Teams to see their spend here.</EmptyState>
        ) : (
          <Stack gap={4}>
            <ScrollTable minWidth={640}>
              <Table striped verticalSpacing="xs" aria-label="Spend per team">
                <ColumnHeads columns={['Team', 'Members', { label: `Spend, ${lastLabel}`, numeric: true }, { label: 'Spend, this month', numeric: true }, { label: changeLabel, numeric: true }, { label: `Credits, ${lastLabel}`, numeric: true }, { label: 'Credits, this month', numeric: true }]} />
                <Table.Tbody>
                  {shown.map((team) => {
                    const before = lastTotals.get(team.id) ?? NONE;
                    const now = currentTotals.get(team.id) ?? NONE;
                    const then = earlierTotals.get(team.id) ?? NONE;
                    const change = thisMonth === null || now.cost === null || then.cost === null ? null : changePercent(now.cost, then.cost);
                    return (
                      <Table.Tr key={team.id}>
                        <Table.Td>{team.name}</Table.Td>
                        <Table.Td>{team.memberCount}</Table.Td>
                        <Table.Td ta="right">
                          <Spend cost={before.cost} unpricedModels={before.unpricedModels} currency={currency} />
                        </Table.Td>
                        <Table.Td ta="right">{thisMonth === null ? '—' : <Spend cost={now.cost} unpricedModels={now.unpricedModels} currency={currency} />}</Table.Td>
                        <Table.Td ta="right">{change === null ? '—' : `${change >= 0 ? '+' : ''}${change.toFixed(1)} %`}</Table.Td>
                        <Table.Td ta="right">{formatExact(before.credits)}</Table.Td>
                        <Table.Td ta="right">{thisMonth === null ? '—' : formatExact(now.credits)}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <CreditNote />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
