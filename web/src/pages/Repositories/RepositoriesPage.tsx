import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { Fragment, useState, type ReactNode } from 'react';
import { isManager } from '../../api/client';
import { useOutcomes, useRepositories, type AnalyticsRepositoryRow } from '../../api/useAnalytics';
import { useReadinessReports } from '../../api/useReadiness';
import { RecentAgentSessions } from '../../components/AgentSessionTable';
import { SortableHeads, type SortState } from '../../components/SortableHeads';
import { repositoriesOf } from '../Readiness/organization';
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
import { ScrollTable } from '../../components/ScrollTable';

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

/** What a row's cells read: the repository's usage, its merged pull requests, its readiness level. */
interface RowFacts {
  row: AnalyticsRepositoryRow;
  currency: string;
  /** The repository's merged pull requests over the range, when any ended there. */
  outcome: OutcomeFigures | undefined;
  /** The level of its latest readiness report (docs/readiness.md); null without one. */
  level: number | null;
}

interface RepositoryColumn {
  key: string;
  label: string;
  numeric?: boolean;
  wideOnly?: boolean;
  cell: (facts: RowFacts) => ReactNode;
  /** What the column sorts by (numbers largest first on the first click); a missing figure sorts last. */
  sort: (facts: RowFacts) => number | string | null;
  /** The exact figure, as a tooltip of a compact one. */
  exact?: (row: AnalyticsRepositoryRow) => number;
}

// The table's columns, in order: a figure is one entry here. Money first, credits second; the
// readiness level beside the cost and the cost per merged PR, so that whether readiness pays reads across a row.
const COLUMNS: RepositoryColumn[] = [
  { key: 'repository', label: 'Repository', cell: ({ row }) => <Text fw={500} size="sm">{row.repository}</Text>, sort: ({ row }) => row.repository },
  { key: 'spend', label: 'Spend', numeric: true, cell: ({ row, currency }) => <Spend cost={row.cost} unpricedModels={row.unpriced_models ?? []} currency={currency} />, sort: ({ row }) => row.cost ?? null },
  { key: 'level', label: 'Readiness level', numeric: true, cell: ({ level }) => (level === null ? '—' : formatExact(level)), sort: ({ level }) => level },
  { key: 'cost-per-merged', label: 'Cost per merged PR', numeric: true, cell: ({ outcome, currency }) => (outcome?.costPerMerged == null ? '—' : formatMoney(outcome.costPerMerged, currency)), sort: ({ outcome }) => outcome?.costPerMerged ?? null },
  { key: 'merged', label: 'Merged PRs', numeric: true, cell: ({ outcome }) => formatExact(outcome?.merged ?? 0), sort: ({ outcome }) => outcome?.merged ?? 0 },
  { key: 'agent-share', label: 'Agent-assisted', numeric: true, cell: ({ outcome }) => (outcome?.agentShare == null ? '—' : formatPercent(outcome.agentShare)), sort: ({ outcome }) => outcome?.agentShare ?? null },
  { key: 'credits', label: 'Standard Credits', numeric: true, cell: ({ row }) => formatCompact(row.billable_tokens), exact: (row) => row.billable_tokens, sort: ({ row }) => row.billable_tokens },
  { key: 'tokens', label: 'Tokens in / out', numeric: true, cell: ({ row }) => `${formatCompact(row.input_tokens)} / ${formatCompact(row.output_tokens)}`, sort: ({ row }) => row.input_tokens + row.output_tokens },
  { key: 'members', label: 'Active members', numeric: true, cell: ({ row }) => formatExact(row.active_members), sort: ({ row }) => row.active_members },
  { key: 'sessions', label: 'Sessions', numeric: true, cell: ({ row }) => formatExact(row.sessions), sort: ({ row }) => row.sessions },
  { key: 'lines', label: 'Lines + / −', numeric: true, wideOnly: true, cell: ({ row }) => `${formatCompact(row.lines_added)} / ${formatCompact(row.lines_removed)}`, sort: ({ row }) => row.lines_added + row.lines_removed },
  { key: 'commits', label: 'Commits', numeric: true, cell: ({ row }) => formatExact(row.git_commits), sort: ({ row }) => row.git_commits },
  { key: 'pull-requests', label: 'Pull requests', numeric: true, cell: ({ row }) => formatExact(row.git_prs_created), sort: ({ row }) => row.git_prs_created },
  { key: 'readiness', label: 'Latest readiness', cell: ({ row }) => <Readiness row={row} />, sort: ({ row }) => row.readiness_score },
];

/** Rows in the order asked for; a missing figure last whichever the direction, then by repository. */
function sortedRows(rows: RowFacts[], sort: SortState<string>): RowFacts[] {
  const column = COLUMNS.find((item) => item.key === sort.key) ?? COLUMNS[0]!;
  return [...rows].sort((a, b) => {
    const x = column.sort(a);
    const y = column.sort(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = x < y ? -1 : x > y ? 1 : 0;
    return (sort.descending ? -order : order) || (a.row.repository < b.row.repository ? -1 : 1);
  });
}

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
  // Each repository's level, from its latest readiness report (the rule of the readiness page).
  const reports = useReadinessReports();
  const levelOf = new Map(repositoriesOf(reports.data ?? []).map((repository) => [repository.repoId, repository.level.level]));
  // Most spent first, as the API orders them, until a column is chosen.
  const [sort, setSort] = useState<SortState<string>>({ key: 'spend', descending: true });
  useRenderedMark('repositories', repositories.isSuccess && !repositories.isPlaceholderData);
  // The repository whose recent agent sessions are open under its row (one at a time).
  const [opened, setOpened] = useState<string | null>(null);
  const personOf = usePersonName();
  const title = 'Repositories';
  return (
    <Stack>
      <PageHeader title={title} description="What each repository cost over the range beside its readiness level and cost per merged pull request; sort by any column." />
      <RangePicker key={`${range.startDate}/${range.endDate}`} range={range} choice={choice} onPreset={setPreset} onCustom={setCustom} />
      <Panel title="Usage and readiness by repository" description="Events that name no repository are left out; readiness is each repository's latest report." source={{ resource: 'repositories', range }} query={repositories}>
        {() =>
          repositories.data!.rows.length === 0 ? (
            <EmptyState title="No repository named in this range">Agents name their repository with the events' repository field, or OpenTelemetry's vcs.repository.url.full.</EmptyState>
          ) : (
            <Stack gap={4}>
              <ScrollTable minWidth={900}>
                <Table striped verticalSpacing="xs" aria-label="Repositories, their usage and readiness">
                  <SortableHeads columns={COLUMNS} sort={sort} onSort={setSort} after={[{ label: 'Agent sessions', hidden: true }]} />
                  <Table.Tbody>
                    {sortedRows(
                      repositories.data!.rows.map((row) => ({ row, currency: repositories.data!.currency, outcome: outcomeOf.get(row.repository), level: levelOf.get(row.repository) ?? null })),
                      sort,
                    ).map((facts) => (
                      <Fragment key={facts.row.repository}>
                        <Table.Tr>
                          {COLUMNS.map((column) => (
                            <Table.Td
                              key={column.key}
                              ta={column.numeric ? 'right' : undefined}
                              visibleFrom={column.wideOnly ? 'sm' : undefined}
                              title={column.exact ? formatExact(column.exact(facts.row)) : undefined}
                              style={column.numeric ? { whiteSpace: 'nowrap' } : undefined}
                            >
                              {column.cell(facts)}
                            </Table.Td>
                          ))}
                          <Table.Td>
                            <Button
                              size="compact-xs"
                              variant="default"
                              aria-expanded={opened === facts.row.repository}
                              aria-label={`Recent agent sessions of ${facts.row.repository}`}
                              onClick={() => setOpened(opened === facts.row.repository ? null : facts.row.repository)}
                            >
                              Sessions
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                        {opened === facts.row.repository && (
                          <Table.Tr>
                            <Table.Td colSpan={COLUMNS.length + 1}>
                              <RecentAgentSessions filters={{ repository: facts.row.repository }} title={`Recent agent sessions of ${facts.row.repository}`} personOf={personOf} />
                            </Table.Td>
                          </Table.Tr>
                        )}
                      </Fragment>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
              <CreditNote />
            </Stack>
          )
        }
      </Panel>
    </Stack>
  );
}
