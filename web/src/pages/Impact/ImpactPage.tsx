import { Alert, Anchor, Badge, Button, Card, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { isManager } from '../../api/client';
import { useOutcomes, type OutcomesGroup } from '../../api/useAnalytics';
import { useMergedPullRequests, type PullRequest } from '../../api/usePullRequests';
import { ColumnHeads } from '../../components/ColumnHeads';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { useSignedInSession } from '../../components/SessionContext';
import { formatDateTime, formatExact, formatMoney, formatPercent } from '../../format';
import { useRenderedMark } from '../../perf';
import { Panel } from '../Analytics/Panel';
import { RangePicker } from '../Analytics/RangePicker';
import { useDayRange, type DayRange } from '../Analytics/range';
import { formatMinutes, groupFigures, rangeFigures, type OutcomeFigures } from './outcomeFigures';
import { ScrollTable } from '../../components/ScrollTable';

/** /impact — owner and manager: what the agents produced, merged pull requests AI vs human, per team and repository. */
export default function ImpactPage() {
  const { user, organization } = useSignedInSession();
  if (!isManager(user.role)) {
    return (
      <Alert color="blue" title="Impact is for owners and managers">
        The organization's merged pull requests and their cost are shown to owners and managers of {organization.name} only.
      </Alert>
    );
  }
  return <Impact />;
}

const NOTHING_MERGED = 'Connect a git host in Settings → Git hosts: its webhook tells Quarterdeck about pull requests and their commits.';

function Impact() {
  const { range, choice, setPreset, setCustom } = useDayRange();
  const overall = useOutcomes(range);
  useRenderedMark('impact', overall.isSuccess && !overall.isPlaceholderData);
  return (
    <Stack>
      <PageHeader title="Impact" description="Pull requests merged over the range, with and without agents: how many, what they cost and how long they took." />
      <RangePicker key={`${range.startDate}/${range.endDate}`} range={range} choice={choice} onPreset={setPreset} onCustom={setCustom} />
      <Panel title="Merged pull requests, AI vs human" description="Agent-assisted: a commit names an agent as author or co-author, or was recorded in an agent session by the hooks (docs/outcomes.md)." source={{ resource: 'outcomes', range }} query={overall}>
        {() => {
          const figures = rangeFigures(overall.data!.rows);
          if (figures.merged === 0 && figures.closedUnmerged === 0) return <EmptyState title="No pull request merged in this range">{NOTHING_MERGED}</EmptyState>;
          return <Headline figures={figures} currency={overall.data!.currency} />;
        }}
      </Panel>
      <GroupPanel range={range} groupBy="team" title="By team" head="Team" />
      <GroupPanel range={range} groupBy="repository" title="By repository" head="Repository" />
      <PullRequestsPanel range={range} />
    </Stack>
  );
}

function Figure({ label, value, detail, name, p90 }: { label: string; value: string; detail?: string; name: string; p90?: number | null }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-figure={name}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
      {p90 !== undefined && (
        <Text size="xs" c="dimmed">
          p90{' '}
          <Text span inherit data-figure={`${name}-p90`}>
            {formatMinutes(p90)}
          </Text>
        </Text>
      )}
    </Card>
  );
}

function Headline({ figures, currency }: { figures: OutcomeFigures; currency: string }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <Figure name="merged" label="Merged pull requests" value={formatExact(figures.merged)} detail={`${formatExact(figures.closedUnmerged)} closed unmerged, ${formatExact(figures.reverted)} reverted`} />
      <Figure name="agent-share" label="Agent-assisted" value={figures.agentShare === null ? '—' : formatPercent(figures.agentShare)} detail={`${formatExact(figures.mergedAgentAssisted)} of ${formatExact(figures.merged)}`} />
      <Figure name="cost-per-merged" label="Cost per merged pull request" value={figures.costPerMerged === null ? '—' : formatMoney(figures.costPerMerged, currency)} detail={`${formatMoney(figures.mergedCost, currency)} in all`} />
      <Figure name="minutes-agent" label="Time to merge, with agents" value={formatMinutes(figures.minutesToMergeAgentAssisted)} detail="median, first commit to merge" p90={figures.p90ToMergeAgentAssisted} />
      <Figure name="minutes-none" label="Time to merge, without agents" value={formatMinutes(figures.minutesToMergeNone)} detail="median, first commit to merge" p90={figures.p90ToMergeNone} />
      <Figure name="review-agent" label="Time to first review, with agents" value={formatMinutes(figures.minutesToReviewAgentAssisted)} detail="median, opening to first review" p90={figures.p90ToReviewAgentAssisted} />
      <Figure name="review-none" label="Time to first review, without agents" value={formatMinutes(figures.minutesToReviewNone)} detail="median, opening to first review" p90={figures.p90ToReviewNone} />
      <Figure name="merge-rate-agent" label="Agent pull requests merged" value={figures.mergeRateAgentAssisted === null ? '—' : formatPercent(figures.mergeRateAgentAssisted)} detail="merged, of those merged or closed unmerged" />
    </SimpleGrid>
  );
}

function GroupPanel({ range, groupBy, title, head }: { range: DayRange; groupBy: OutcomesGroup; title: string; head: string }) {
  const outcomes = useOutcomes(range, groupBy);
  return (
    <Panel title={title} description="A pull request counts in each of its groups, so groups may add up to more than the whole." source={{ resource: 'outcomes', range, groupBy }} query={outcomes}>
      {() => {
        const groups = groupFigures(outcomes.data!.rows);
        if (groups.length === 0) return <EmptyState title="No pull request merged in this range">{NOTHING_MERGED}</EmptyState>;
        const currency = outcomes.data!.currency;
        return (
          <ScrollTable minWidth={720}>
            <Table striped verticalSpacing="xs" aria-label={`Merged pull requests ${title.toLowerCase()}`}>
              <ColumnHeads
                columns={[
                  head,
                  { label: 'Merged', numeric: true },
                  { label: 'Agent-assisted', numeric: true },
                  { label: 'Cost per merged PR', numeric: true },
                  { label: 'Time to merge, with agents', numeric: true },
                  { label: 'Time to merge, without', numeric: true },
                  { label: 'Reverted', numeric: true },
                ]}
              />
              <Table.Tbody>
                {groups.map((group) => (
                  <Table.Tr key={group.key}>
                    <Table.Td style={{ overflowWrap: 'break-word' }}>
                      <Text size="sm" fw={500}>
                        {group.label}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatExact(group.merged)}</Table.Td>
                    <Table.Td ta="right">{group.agentShare === null ? '—' : formatPercent(group.agentShare)}</Table.Td>
                    <Table.Td ta="right">{group.costPerMerged === null ? '—' : formatMoney(group.costPerMerged, currency)}</Table.Td>
                    <Table.Td ta="right">{formatMinutes(group.minutesToMergeAgentAssisted)}</Table.Td>
                    <Table.Td ta="right">{formatMinutes(group.minutesToMergeNone)}</Table.Td>
                    <Table.Td ta="right">{formatExact(group.reverted)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        );
      }}
    </Panel>
  );
}

const CLASS_BADGES: Record<PullRequest['attribution'], { label: string; color: string }> = {
  'agent-authored': { label: 'Agent-authored', color: 'grape' },
  'agent-assisted': { label: 'Agent-assisted', color: 'blue' },
  none: { label: 'No agent', color: 'gray' },
};

/** "Why this counts as agent-assisted", one line per piece of evidence. */
function evidenceLine(item: PullRequest['evidence'][number]): string {
  const commit = item.commitSha.slice(0, 7);
  if (item.kind === 'trailer') return `${item.agent}: co-author trailer on ${commit} by ${item.commitAuthor}`;
  if (item.kind === 'bot_author') return `${item.agent}: commit ${commit} authored by ${item.commitAuthor}`;
  if (item.kind === 'hook') return `${item.agent}: commit ${commit} recorded in an agent session by the hooks`;
  return `${item.agent}: ${item.kind.replace(/_/g, ' ')} on ${commit}`;
}

function PullRequestsPanel({ range }: { range: DayRange }) {
  const title = 'Pull requests merged';
  const pulls = useMergedPullRequests(range);
  const listed = pulls.data?.pages.flatMap((page) => page.pullRequests) ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Newest first, each with the evidence that makes it agent-assisted and its cost (its people's agent usage in its repository from its first commit to its merge).
      </Text>
      {pulls.isPending ? (
        <LoadingState label="Loading pull requests" />
      ) : pulls.isError ? (
        <ErrorState error={pulls.error} onRetry={() => void pulls.refetch()} />
      ) : listed.length === 0 ? (
        <EmptyState title="No pull request merged in this range">{NOTHING_MERGED}</EmptyState>
      ) : (
        <Stack gap={4}>
          <ScrollTable minWidth={900}>
            <Table striped verticalSpacing="xs" aria-label="Pull requests merged in the range">
              <ColumnHeads
                columns={['Pull request', 'Class', 'Evidence', 'Merged', { label: 'Time to merge', numeric: true }, { label: 'First review', numeric: true }, { label: 'Cost', numeric: true }]}
              />
              <Table.Tbody>
                {listed.map((pull) => (
                  <Table.Tr key={pull.id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {pull.url ? (
                        <Anchor href={pull.url} target="_blank" rel="noreferrer" size="sm">
                          {pull.repository}#{pull.number}
                        </Anchor>
                      ) : (
                        <Text size="sm">
                          {pull.repository}#{pull.number}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={CLASS_BADGES[pull.attribution].color} miw="max-content">
                        {CLASS_BADGES[pull.attribution].label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {pull.evidence.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          No agent named in its commits
                        </Text>
                      ) : (
                        <List size="sm" spacing={0}>
                          {pull.evidence.map((item) => (
                            <List.Item key={`${item.kind}/${item.agent}/${item.commitSha}`}>{evidenceLine(item)}</List.Item>
                          ))}
                        </List>
                      )}
                    </Table.Td>
                    <Table.Td>{formatDateTime(pull.mergedAt)}</Table.Td>
                    <Table.Td ta="right">{formatMinutes(pull.minutesToMerge)}</Table.Td>
                    <Table.Td ta="right">{formatMinutes(pull.minutesToFirstReview)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(pull.cost, pull.currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          {pulls.hasNextPage && (
            <Group>
              <Button variant="default" onClick={() => void pulls.fetchNextPage()} loading={pulls.isFetchingNextPage}>
                Show more pull requests
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Card>
  );
}
