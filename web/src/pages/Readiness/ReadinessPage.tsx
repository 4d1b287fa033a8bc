import { Accordion, Badge, Card, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useReadinessReports, type ReadinessReport } from '../../api/useReadiness';
import { DailyLines } from '../../components/Charts';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { formatDateTime, formatPercent } from '../../format';
import { criterionState, scoreOf } from './score';
import { PageHeader } from '../../components/PageHeader';
import { ColumnHeads } from '../../components/ColumnHeads';

// Filled in the darkest shades: white text on them meets AA contrast (green 9 does not).
const RESULT_COLORS = { pass: 'teal.9', fail: 'red.9', 'n/a': 'gray' } as const;

/** /readiness — the repositories' latest readiness reports, worst first, their criteria by name and their trend. */
export default function ReadinessPage() {
  const reports = useReadinessReports();
  const byRepo = new Map<string, ReadinessReport[]>();
  for (const report of reports.data ?? []) byRepo.set(report.repoId, [...(byRepo.get(report.repoId) ?? []), report]);
  // The worst repositories first (by their latest report's passed share), then by id.
  const repos = [...byRepo.entries()]
    .map(([repoId, list]) => {
      const history = list.sort((a, b) => a.createdAt - b.createdAt);
      return { repoId, history, score: scoreOf(history[history.length - 1]!) };
    })
    .sort((a, b) => a.score.ratio - b.score.ratio || (a.repoId < b.repoId ? -1 : 1));
  const latest = repos.map((repo) => repo.score);
  const organizationScore = latest.length === 0 ? 0 : latest.reduce((sum, score) => sum + score.ratio, 0) / latest.length;
  return (
    <Stack>
      <PageHeader title="Readiness" description="How ready the organization's repositories are for agents, from their readiness reports." />
      {reports.isPending ? (
        <LoadingState label="Loading readiness reports" />
      ) : reports.isError ? (
        <ErrorState error={reports.error} onRetry={() => void reports.refetch()} />
      ) : repos.length === 0 ? (
        <EmptyState title="No readiness reports yet">An agent uploads one with POST /api/organization/maturity-level-reports.</EmptyState>
      ) : (
        <>
          <Card withBorder>
            <Text size="sm" c="dimmed">
              Organization: criteria passed, mean over the {repos.length} repositories' latest reports
            </Text>
            <Group align="center">
              <Text fz={28} fw={700}>
                {formatPercent(organizationScore)}
              </Text>
              <Progress value={organizationScore * 100} w={240} aria-label="Organization readiness" />
            </Group>
          </Card>
          <Accordion multiple variant="separated" defaultValue={[repos[0]!.repoId]}>
            {repos.map((repo, index) => {
              const report = repo.history[repo.history.length - 1]!;
              const score = latest[index]!;
              return (
                <Accordion.Item key={repo.repoId} value={repo.repoId}>
                  <Accordion.Control>
                    <Group justify="space-between" wrap="nowrap" pr="sm">
                      <Text fw={600} style={{ wordBreak: 'break-all' }}>
                        {repo.repoId}
                      </Text>
                      <Badge variant="light">
                        {score.passed} / {score.applicable} criteria
                      </Badge>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Stack>
                      <Text size="xs" c="dimmed">
                        Latest report {formatDateTime(report.createdAt)}
                        {report.branch ? ` on ${report.branch}` : ''}
                        {report.commitHash ? ` at ${report.commitHash.slice(0, 10)}` : ''}. {repo.history.length} reports.
                      </Text>
                      <Progress value={score.ratio * 100} aria-label={`Criteria passed in ${repo.repoId}`} />
                      <Table.ScrollContainer minWidth={560}>
                        <Table striped aria-label={`Criteria of ${repo.repoId}`}>
                          <ColumnHeads columns={['Criterion', 'Result', 'Rationale']} />
                          <Table.Tbody>
                            {Object.entries(report.report)
                              .sort(([a], [b]) => a.localeCompare(b))
                              .map(([id, criterion]) => {
                              const state = criterionState(criterion);
                              return (
                                <Table.Tr key={id}>
                                  <Table.Td>{id}</Table.Td>
                                  <Table.Td>
                                    <Badge color={RESULT_COLORS[state]} variant={state === 'n/a' ? 'light' : 'filled'}>
                                      {state} {criterion.numerator ?? '–'}/{criterion.denominator}
                                    </Badge>
                                  </Table.Td>
                                  <Table.Td>
                                    <Text size="sm">{criterion.rationale}</Text>
                                  </Table.Td>
                                </Table.Tr>
                              );
                            })}
                          </Table.Tbody>
                        </Table>
                      </Table.ScrollContainer>
                      {repo.history.length > 1 && (
                        <DailyLines
                          label={`Criteria passed over time in ${repo.repoId}`}
                          x="at"
                          height={180}
                          data={repo.history.map((item) => ({ at: formatDateTime(item.createdAt), passed: scoreOf(item).ratio * 100 }))}
                          series={[{ key: 'passed', label: 'Criteria passed (%)' }]}
                        />
                      )}
                    </Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        </>
      )}
    </Stack>
  );
}
