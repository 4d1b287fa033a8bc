import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { Fragment, useState, type ReactNode } from 'react';
import { isManager } from '../../api/client';
import { useOutcomes, useRepositories, type AnalyticsRepositoryRow } from '../../api/useAnalytics';
import { RecentAgentSessions } from '../../components/AgentSessionTable';
import { ColumnHeads, type Column } from '../../components/ColumnHeads';
import { CreditNote } from '../../components/CreditNote';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState } from '../../components/QueryState';
import { Spend } from '../../components/Spend';
import { useSignedInSession } from '../../components/SessionContext';
import { formatCompact, formatDateTime, formatExact, formatMoney, formatPercent } from '../../format';
import { useRenderedMark } from '../../perf';
import { Panel } from '../Analytics/Panel';
import { RangePicker } from '../Analytics/RangePicker';
import { useDayRange } from '../Analytics/range';
import { usePersonName } from '../AgentSessions/usePersonName';
import { groupFigures, type OutcomeFigures } from '../Impact/outcomeFigures';

/** /repositories — owner and manager: what each repository burns over a range, beside its readiness. */
export default function RepositoriesPage() {
  const { user, organization } = useSignedInSession();
  if (!isManager(user.role)) {
    return (
      <Alert color="blue" title="Repositories are for owners and managers">
        The organization's usage per repository is shown to owners and managers of {organization.name} only.
      </Alert>
    );
  }
  return <Repositories />;
}

interface RepositoryColumn {
  head: Column;
  /** `outcome`: the repository's merged pull requests over the range, when any ended there. */
  cell: (row: AnalyticsRepositoryRow, currency: string, outcome: OutcomeFigures | undefined) => ReactNode;
  /** The exact figure, as a tooltip of a compact one. */
  exact?: (row: AnalyticsRepositoryRow) => number;
}

// The table's columns, in order: a figure is one entry here. Money first, credits second.
const COLUMNS: RepositoryColumn[] = [
  { head: 'Repository', cell: (row) => <Text fw={500} size="sm">{row.repository}</Text> },
  { head: { label: 'Spend', numeric: true }, cell: (row, currency) => <Spend cost={row.cost} unpricedModels={row.unpriced_models ?? []} currency={currency} /> },
  { head: { label: 'Standard Credits', numeric: true }, cell: (row) => formatCompact(row.billable_tokens), exact: (row) => row.billable_tokens },
  { head: { label: 'Tokens in / out', numeric: true }, cell: (row) => `${formatCompact(row.input_tokens)} / ${formatCompact(row.output_tokens)}` },
  { head: { label: 'Active members', numeric: true }, cell: (row) => formatExact(row.active_members) },
  { head: { label: 'Sessions', numeric: true }, cell: (row) => formatExact(row.sessions) },
  { head: { label: 'Lines + / −', numeric: true, wideOnly: true }, cell: (row) => `${formatCompact(row.lines_added)} / ${formatCompact(row.lines_removed)}` },
  { head: { label: 'Commits', numeric: true }, cell: (row) => formatExact(row.git_commits) },
  { head: { label: 'Pull requests', numeric: true }, cell: (row) => formatExact(row.git_prs_created) },
  { head: { label: 'Merged PRs', numeric: true }, cell: (_row, _currency, outcome) => formatExact(outcome?.merged ?? 0) },
  { head: { label: 'Agent-assisted', numeric: true }, cell: (_row, _currency, outcome) => (outcome?.agentShare == null ? '—' : formatPercent(outcome.agentShare)) },
  { head: { label: 'Cost per merged PR', numeric: true }, cell: (_row, currency, outcome) => (outcome?.costPerMerged == null ? '—' : formatMoney(outcome.costPerMerged, currency)) },
  { head: 'Latest readiness', cell: (row) => <Readiness row={row} /> },
];

function Readiness({ row }: { row: AnalyticsRepositoryRow }) {
  if (row.readiness_score === null || row.readiness_created_at === null) return <Text size="sm" c="dimmed">No report</Text>;
  return (
    <Text size="sm" title={`${row.readiness_criteria_passed} of ${row.readiness_criteria_applicable} criteria passed`}>
      {formatPercent(row.readiness_score)}{' '}
      <Text span size="xs" c="dimmed">
        {formatDateTime(Date.parse(row.readiness_created_at))}
      </Text>
    </Text>
  );
}

function Repositories() {
  const { range, choice, setPreset, setCustom } = useDayRange();
  const repositories = useRepositories(range);
  // Merged pull requests per repository, from the connected git hosts (docs/outcomes.md).
  const outcomes = useOutcomes(range, 'repository');
  const outcomeOf = new Map((outcomes.data ? groupFigures(outcomes.data.rows) : []).map((figures) => [figures.key, figures]));
  useRenderedMark('repositories', repositories.isSuccess && !repositories.isPlaceholderData);
  // The repository whose recent agent sessions are open under its row (one at a time).
  const [opened, setOpened] = useState<string | null>(null);
  const personOf = usePersonName();
  const title = 'Repositories';
  return (
    <Stack>
      <PageHeader title={title} description="What each repository cost over the range, most spent first, beside its latest readiness result." />
      <RangePicker key={`${range.startDate}/${range.endDate}`} range={range} choice={choice} onPreset={setPreset} onCustom={setCustom} />
      <Panel title="Usage and readiness by repository" description="Events that name no repository are left out; readiness is each repository's latest report." source={{ resource: 'repositories', range }} query={repositories}>
        {() =>
          repositories.data!.rows.length === 0 ? (
            <EmptyState title="No repository named in this range">Agents name their repository with the events' repository field, or OpenTelemetry's vcs.repository.url.full.</EmptyState>
          ) : (
            <Stack gap={4}>
              <Table.ScrollContainer minWidth={900}>
                <Table striped verticalSpacing="xs" aria-label="Repositories, their usage and readiness">
                  <ColumnHeads columns={[...COLUMNS.map((column) => column.head), { label: 'Agent sessions', labelHidden: true }]} />
                  <Table.Tbody>
                    {repositories.data!.rows.map((row) => (
                      <Fragment key={row.repository}>
                        <Table.Tr>
                          {COLUMNS.map((column) => {
                            const { label, numeric, wideOnly } = typeof column.head === 'string' ? { label: column.head } : column.head;
                            return (
                              <Table.Td key={label} ta={numeric ? 'right' : undefined} visibleFrom={wideOnly ? 'sm' : undefined} title={column.exact ? formatExact(column.exact(row)) : undefined} style={numeric ? { whiteSpace: 'nowrap' } : undefined}>
                                {column.cell(row, repositories.data!.currency, outcomeOf.get(row.repository))}
                              </Table.Td>
                            );
                          })}
                          <Table.Td>
                            <Button
                              size="compact-xs"
                              variant="default"
                              aria-expanded={opened === row.repository}
                              aria-label={`Recent agent sessions of ${row.repository}`}
                              onClick={() => setOpened(opened === row.repository ? null : row.repository)}
                            >
                              Sessions
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                        {opened === row.repository && (
                          <Table.Tr>
                            <Table.Td colSpan={COLUMNS.length + 1}>
                              <RecentAgentSessions filters={{ repository: row.repository }} title={`Recent agent sessions of ${row.repository}`} personOf={personOf} />
                            </Table.Td>
                          </Table.Tr>
                        )}
                      </Fragment>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <CreditNote />
            </Stack>
          )
        }
      </Panel>
    </Stack>
  );
}
