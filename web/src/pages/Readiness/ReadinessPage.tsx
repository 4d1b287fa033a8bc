import { Accordion, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { isManager } from '../../api/client';
import { useEvaluateNow, useReadinessReports, useReadinessRepositories, type ReadinessEvaluation, type ReadinessRepository } from '../../api/useReadiness';
import { DailyLines } from '../../components/Charts';
import { ColumnHeads } from '../../components/ColumnHeads';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { useSignedInSession } from '../../components/SessionContext';
import { formatDateTime } from '../../format';
import { LEVELS, readinessLevel } from '../../../../src/sdk/readiness-levels';
import { averageLevel, blockers, byLevel, repositoriesOf, titleOf, weeklyTrend, type RepositoryReadiness } from './organization';
import { criterionState, scoreOf } from './score';
import { ScrollTable } from '../../components/ScrollTable';

// Filled in the darkest shades: white text on them meets AA contrast (green 9 does not).
const RESULT_COLORS = { pass: 'teal.9', fail: 'red.9', 'n/a': 'gray' } as const;
const EVALUATION_COLORS: Record<ReadinessEvaluation['status'], string> = { queued: 'blue.9', running: 'blue.9', succeeded: 'teal.9', failed: 'red.9' };

const levelName = (level: number) => (level === 0 ? 'None' : (LEVELS.find((item) => item.level === level)?.name ?? ''));

/** /readiness — the organization's readiness: score and trend, repositories by level, what blocks them, each one's history and last evaluation. */
export default function ReadinessPage() {
  const reports = useReadinessReports();
  const evaluated = useReadinessRepositories();
  return (
    <Stack>
      <PageHeader title="Readiness" description="How ready the organization's repositories are for agents: evaluated every night on its computers, and after each push to the default branch." />
      {reports.isPending || evaluated.isPending ? (
        <LoadingState label="Loading readiness" />
      ) : reports.isError ? (
        <ErrorState error={reports.error} onRetry={() => void reports.refetch()} />
      ) : evaluated.isError ? (
        <ErrorState error={evaluated.error} onRetry={() => void evaluated.refetch()} />
      ) : (
        <Organization repositories={repositoriesOf(reports.data)} evaluated={evaluated.data} />
      )}
    </Stack>
  );
}

function Organization({ repositories, evaluated }: { repositories: RepositoryReadiness[]; evaluated: ReadinessRepository[] }) {
  const { user } = useSignedInSession();
  const evaluateNow = useEvaluateNow();
  const lastOf = new Map(evaluated.map((repository) => [repository.repoId, repository.lastEvaluation]));
  const average = averageLevel(repositories);
  const trend = weeklyTrend(repositories, Date.now());
  const counts = byLevel(repositories);
  const blocking = blockers(repositories);
  // Repositories evaluated but without a report yet (a first evaluation queued or failed) are listed too.
  const unreported = evaluated.filter((repository) => !repositories.some((item) => item.repoId === repository.repoId));
  return (
    <>
      {isManager(user.role) && (
        <Group>
          <Button onClick={() => evaluateNow.mutate(undefined)} loading={evaluateNow.isPending} disabled={evaluated.length === 0}>
            Evaluate every repository now
          </Button>
          {evaluateNow.isSuccess && <Text size="sm">{evaluateNow.data.length} evaluations queued for the organization's computers.</Text>}
          {evaluateNow.isError && <Text size="sm" role="alert">{(evaluateNow.error as Error).message}</Text>}
        </Group>
      )}
      {repositories.length === 0 && unreported.length === 0 ? (
        <EmptyState title="No readiness reports yet">
          List repositories to evaluate (POST /api/v0/readiness/repositories) or connect a git host, and run `quarterdeck agent` on a computer: it evaluates them every night.
        </EmptyState>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Card withBorder>
              <Text size="sm" c="dimmed">
                Organization score: the mean level of {repositories.length} repositories' latest reports
              </Text>
              <Group align="baseline" gap="xs">
                <Text fz={28} fw={700}>
                  {average.toFixed(1)}
                </Text>
                <Text c="dimmed">of 5</Text>
              </Group>
              {trend.length > 1 && <DailyLines label="Mean readiness level at the end of each week" height={180} data={trend} series={[{ key: 'level', label: 'Mean level' }]} />}
            </Card>
            <Card withBorder>
              <Title order={2} size="h4" mb="xs">
                Repositories by level
              </Title>
              <Table aria-label="Repositories by readiness level">
                <ColumnHeads columns={['Level', { label: 'Repositories', numeric: true }]} />
                <Table.Tbody>
                  {counts.map((count, level) => (
                    <Table.Tr key={level}>
                      <Table.Td>
                        {level} {levelName(level)}
                      </Table.Td>
                      <Table.Td ta="right">{count}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
          </SimpleGrid>
          <Card withBorder>
            <Title order={2} size="h4" mb="xs">
              Progress to the next level
            </Title>
            <ScrollTable minWidth={640}>
              <Table striped aria-label="Each repository's level, progress to the next and last evaluation">
                <ColumnHeads columns={['Repository', 'Level', 'Next level', 'Last evaluation']} />
                <Table.Tbody>
                  {repositories.map((repository) => (
                    <Table.Tr key={repository.repoId}>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{repository.repoId}</Table.Td>
                      <Table.Td>
                        {repository.level.level} {levelName(repository.level.level)}
                      </Table.Td>
                      <Table.Td>
                        <NextLevel repository={repository} />
                      </Table.Td>
                      <Table.Td>
                        <LastEvaluation evaluation={lastOf.get(repository.repoId) ?? null} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  {unreported.map((repository) => (
                    <Table.Tr key={repository.repoId}>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{repository.repoId}</Table.Td>
                      <Table.Td>No report</Table.Td>
                      <Table.Td>—</Table.Td>
                      <Table.Td>
                        <LastEvaluation evaluation={repository.lastEvaluation} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </Card>
          {blocking.length > 0 && (
            <Card withBorder>
              <Title order={2} size="h4" mb="xs">
                What holds repositories back
              </Title>
              <Text size="sm" c="dimmed" mb="xs">
                Failing criteria of each repository's next level, by how many repositories they block.
              </Text>
              <ScrollTable minWidth={560}>
                <Table striped aria-label="Failing criteria ranked by the repositories they block">
                  <ColumnHeads columns={['Criterion', 'Level', { label: 'Repositories blocked', numeric: true }, { label: 'Which', wideOnly: true }]} />
                  <Table.Tbody>
                    {blocking.map((blocker) => (
                      <Table.Tr key={blocker.id}>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {blocker.title}
                          </Text>
                        </Table.Td>
                        <Table.Td>{blocker.level}</Table.Td>
                        <Table.Td ta="right">{blocker.repoIds.length}</Table.Td>
                        <Table.Td visibleFrom="sm">
                          <Text size="xs" style={{ wordBreak: 'break-all' }}>
                            {blocker.repoIds.join(', ')}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            </Card>
          )}
          {repositories.length > 0 && <Histories repositories={repositories} />}
        </>
      )}
    </>
  );
}

function NextLevel({ repository }: { repository: RepositoryReadiness }) {
  const next = repository.level.next;
  if (!next) return <Text size="sm">Every level reached</Text>;
  const progress = repository.level.levels.find((item) => item.level === next.level)!;
  const needed = progress.passed + next.missing;
  return (
    <Stack gap={2}>
      <Text size="sm">
        {next.level} {next.name}: {progress.passed} of {needed} needed, {next.missing} more
      </Text>
      <Progress value={needed === 0 ? 100 : (progress.passed / needed) * 100} aria-label={`Progress of ${repository.repoId} to level ${next.level}`} />
    </Stack>
  );
}

function LastEvaluation({ evaluation }: { evaluation: ReadinessEvaluation | null }) {
  if (!evaluation) return <Text size="sm">None yet</Text>;
  const at = Date.parse(evaluation.finishedAt ?? evaluation.startedAt ?? evaluation.queuedAt);
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <Badge color={EVALUATION_COLORS[evaluation.status]}>{evaluation.status}</Badge>
        <Text size="xs">
          {evaluation.trigger}, {formatDateTime(at)}
          {evaluation.attempts > 1 ? `, ${evaluation.attempts} tries` : ''}
        </Text>
      </Group>
      {evaluation.error && (
        <Text size="xs" style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }} lineClamp={3}>
          {evaluation.status === 'failed' ? evaluation.error : `Last try: ${evaluation.error}`}
        </Text>
      )}
    </Stack>
  );
}

function Histories({ repositories }: { repositories: RepositoryReadiness[] }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Each repository
      </Title>
      <Accordion multiple variant="separated" defaultValue={[repositories[0]!.repoId]}>
        {repositories.map((repository) => {
          const report = repository.latest;
          return (
            <Accordion.Item key={repository.repoId} value={repository.repoId}>
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap" pr="sm">
                  <Text fw={600} style={{ wordBreak: 'break-all' }}>
                    {repository.repoId}
                  </Text>
                  <Badge variant="light">
                    Level {repository.level.level} · {scoreOf(report).passed} / {scoreOf(report).applicable} criteria
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack>
                  <Text size="xs">
                    Latest report {formatDateTime(report.createdAt)}
                    {report.branch ? ` on ${report.branch}` : ''}
                    {report.commitHash ? ` at ${report.commitHash.slice(0, 10)}` : ''}. {repository.history.length} reports.
                  </Text>
                  {repository.history.length > 1 && (
                    <DailyLines
                      label={`Readiness level over time in ${repository.repoId}`}
                      x="at"
                      height={180}
                      data={repository.history.map((item) => ({ at: formatDateTime(item.createdAt), level: readinessLevel(item.report).level }))}
                      series={[{ key: 'level', label: 'Level' }]}
                    />
                  )}
                  <ScrollTable minWidth={560}>
                    <Table striped aria-label={`Criteria of ${repository.repoId}`}>
                      <ColumnHeads columns={['Criterion', 'Level', 'Result', 'Rationale']} />
                      <Table.Tbody>
                        {Object.entries(report.report)
                          .map(([id, criterion]) => ({ id, criterion, ...titleOf(id) }))
                          .sort((a, b) => a.level - b.level || (a.id < b.id ? -1 : 1))
                          .map(({ id, criterion, title, level }) => {
                            const state = criterionState(criterion);
                            return (
                              <Table.Tr key={id}>
                                <Table.Td>{title}</Table.Td>
                                <Table.Td>{level || '—'}</Table.Td>
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
                  </ScrollTable>
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
