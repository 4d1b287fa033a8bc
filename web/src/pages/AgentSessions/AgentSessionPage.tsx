import { Anchor, Badge, Button, Card, CopyButton, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { errorStatus, type AgentSession } from '../../api/client';
import { useAgentSessionTimeline } from '../../api/useAgentSessions';
import { agentLabel } from '../../components/agentSessionLabels';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { Spend } from '../../components/Spend';
import { usePageTitle } from '../../components/usePageTitle';
import { formatCompact, formatDateTime, formatDuration, formatExact, formatMoneyPrecise } from '../../format';
import { usePersonName } from './usePersonName';
import { Waterfall } from './Waterfall';
import { PATTERN_LABELS, waterfallOf } from './waterfall';

/** /agent-sessions/:agentSessionId — one session's totals, waste found and timeline as a waterfall. */
export default function AgentSessionPage() {
  const { agentSessionId = '' } = useParams();
  const session = useAgentSessionTimeline(agentSessionId);
  const notFound = session.isError && errorStatus(session.error) === 404;
  usePageTitle(notFound ? 'Agent session not found' : 'Agent session');
  const back = (
    <Anchor component={Link} to="/agent-sessions" size="sm">
      ← Agent sessions
    </Anchor>
  );
  if (session.isPending) return <LoadingState label="Loading the session" />;
  if (notFound) {
    // An unknown id and another person's session answer alike (404): nothing to try again.
    return (
      <Stack>
        {back}
        <Title order={1} size="h2">
          Agent session not found
        </Title>
        <Text>No agent session you can see has this id. It may belong to someone else, or the link may be cut.</Text>
      </Stack>
    );
  }
  if (session.isError) {
    return (
      <Stack>
        {back}
        <Title order={1} size="h2">
          Agent session
        </Title>
        <ErrorState error={session.error} onRetry={() => void session.refetch()} />
      </Stack>
    );
  }
  const data = session.data;
  const waterfall = waterfallOf(data.timeline, data.findings);
  return (
    <Stack>
      {back}
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {agentLabel(data.agent)} session
          </Title>
          <Text size="sm" c="dimmed">
            {formatDateTime(data.startedAt)} · {data.repository ?? 'no repository named'} · the agent’s id {data.agentSessionId}
          </Text>
        </div>
        <CopyButton value={`${window.location.origin}/agent-sessions/${data.id}`}>
          {({ copied, copy }) => (
            <Button variant="default" size="xs" onClick={copy} aria-live="polite">
              {copied ? 'Link copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Totals session={data} />
      <Findings session={data} />
      <Card withBorder component="section" aria-labelledby="timeline-heading">
        <Title order={2} size="h4" id="timeline-heading">
          Timeline
        </Title>
        <Text size="xs" c="dimmed" mb="xs">
          Each step from its start to its end; calls a subagent made are indented under the call that started it; steps inside a waste pattern are marked. Per-call cost is at today’s prices.
        </Text>
        {waterfall.rows.length === 0 ? <EmptyState title="No step recorded" /> : <Waterfall waterfall={waterfall} currency={data.currency} />}
      </Card>
    </Stack>
  );
}

function Totals({ session }: { session: AgentSession }) {
  const personOf = usePersonName();
  const { tokens } = session;
  const figures: { label: string; value: ReactNode; title?: string }[] = [
    { label: 'Person', value: personOf(session.userId) },
    { label: 'Agent', value: agentLabel(session.agent) },
    { label: session.models.length === 1 ? 'Model' : 'Models', value: session.models.join(', ') || 'none' },
    { label: 'Repository', value: session.repository ?? 'none named' },
    { label: 'Started', value: formatDateTime(session.startedAt) },
    { label: 'Ended', value: formatDateTime(session.endedAt) },
    { label: 'Duration', value: formatDuration(session.durationMs) },
    { label: 'Turns', value: formatExact(session.turns) },
    { label: 'Model calls', value: formatExact(session.modelCalls) },
    { label: 'Tool calls', value: formatExact(session.toolCalls) },
    { label: 'Errors', value: formatExact(session.errors) },
    { label: 'Compactions', value: formatExact(session.compactions) },
    {
      label: 'Tokens',
      value: formatCompact(tokens.input + tokens.output + tokens.cacheRead + tokens.cacheWrite),
      title: `${formatExact(tokens.input)} in, ${formatExact(tokens.output)} out, ${formatExact(tokens.cacheRead)} cache read, ${formatExact(tokens.cacheWrite)} cache write`,
    },
    { label: 'Cost', value: <Spend cost={session.cost} unpricedModels={session.unpricedModels} currency={session.currency} /> },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} component="section" aria-label="Totals">
      {figures.map((figure) => (
        <Card withBorder padding="xs" key={figure.label}>
          <Text size="xs" c="dimmed">
            {figure.label}
          </Text>
          <Text size="sm" fw={600} title={figure.title} data-testid={`total-${figure.label.toLowerCase().replace(/\W+/g, '-')}`} style={{ overflowWrap: 'anywhere' }}>
            {figure.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function Findings({ session }: { session: AgentSession }) {
  if (session.findings.length === 0) return null;
  return (
    <Card withBorder component="section" aria-labelledby="waste-heading">
      <Group gap="xs">
        <Title order={2} size="h4" id="waste-heading">
          Waste found
        </Title>
        <Badge color="orange" variant="filled">
          {formatMoneyPrecise(session.wasteCost, session.currency)}
        </Badge>
      </Group>
      <List size="sm" mt="xs">
        {session.findings.map((finding) => (
          <List.Item key={`${finding.pattern}-${finding.firstAt}`}>
            <strong>{PATTERN_LABELS[finding.pattern]}</strong>
            {finding.tool ? ` of ${finding.tool}` : ''}: {finding.occurrences === 1 ? 'once' : `${formatExact(finding.occurrences)} times`}, from +{formatDuration(finding.firstAt - session.startedAt)} to +{formatDuration(finding.lastAt - session.startedAt)}, {formatCompact(finding.tokens)} tokens, about{' '}
            {formatMoneyPrecise(finding.estimatedCost, session.currency)}
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
