import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AgentSession, AgentSessionQuery } from '../api/client';
import { useAgentSessions } from '../api/useAgentSessions';
import { formatCompact, formatDateTime, formatDuration, formatExact, formatMoney } from '../format';
import { PATTERN_LABELS, agentLabel } from './agentSessionLabels';
import { ColumnHeads } from './ColumnHeads';
import { EmptyState, ErrorState, LoadingState } from './QueryState';
import { Spend } from './Spend';
import { ScrollTable } from './ScrollTable';

// Agent sessions as a table (the explorer, and the recent sessions of a member or a repository),
// each row a link to the session's timeline.

/** The explorer's address for a selection (the API's filter names): what other pages link to. */
export function agentSessionsLink(filters: Partial<Record<'user' | 'repository' | 'team' | 'agent' | 'flagged', string>>): string {
  const search = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  return `/agent-sessions${search ? `?${search}` : ''}`;
}

export function AgentSessionTable({ sessions, personOf, label }: { sessions: readonly AgentSession[]; personOf?: (userId: string) => string; label: string }) {
  return (
    <ScrollTable minWidth={860}>
      <Table striped verticalSpacing="xs" aria-label={label}>
        <ColumnHeads
          columns={[
            'Started',
            personOf !== undefined && 'Person',
            'Agent',
            'Repository',
            { label: 'Duration', numeric: true },
            { label: 'Calls', numeric: true },
            { label: 'Errors', numeric: true },
            { label: 'Cost', numeric: true },
            'Waste',
          ]}
        />
        <Table.Tbody>
          {sessions.map((session) => (
            <Table.Tr key={session.id} data-testid="agent-session-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={`/agent-sessions/${session.id}`} size="sm">
                  {formatDateTime(session.startedAt)}
                </Anchor>
              </Table.Td>
              {personOf && <Table.Td>{personOf(session.userId)}</Table.Td>}
              <Table.Td>
                {agentLabel(session.agent)}
                <Text size="xs" c="dimmed">
                  {session.models.join(', ') || 'no model call'}
                </Text>
              </Table.Td>
              <Table.Td>{session.repository ?? <Text span size="sm" c="dimmed">none named</Text>}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatDuration(session.durationMs)}
              </Table.Td>
              <Table.Td ta="right" title={`${formatExact(session.modelCalls)} model calls, ${formatExact(session.toolCalls)} tool calls, ${formatExact(session.tokens.input + session.tokens.output + session.tokens.cacheRead + session.tokens.cacheWrite)} tokens`}>
                {formatCompact(session.modelCalls)} / {formatCompact(session.toolCalls)}
              </Table.Td>
              <Table.Td ta="right">{formatExact(session.errors)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Spend cost={session.cost} unpricedModels={session.unpricedModels} currency={session.currency} />
              </Table.Td>
              <Table.Td>
                {session.flagged ? (
                  <>
                    <Badge color="orange" variant="filled">
                      {formatMoney(session.wasteCost, session.currency)}
                    </Badge>
                    <Text size="xs">{[...new Set(session.findings.map((finding) => PATTERN_LABELS[finding.pattern]))].join(', ')}</Text>
                  </>
                ) : (
                  <Text span size="sm" c="dimmed">
                    none found
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/**
 * The newest few sessions of a selection (a member, a repository) with a link to all of them in the
 * explorer, filtered the same way.
 */
export function RecentAgentSessions({ filters, title, personOf }: { filters: Partial<Record<'user' | 'repository', string>>; title: string; personOf?: (userId: string) => string }) {
  const query: AgentSessionQuery = filters;
  const sessions = useAgentSessions(query, 5);
  const rows = sessions.data?.pages[0]?.agentSessions ?? [];
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Group justify="space-between">
        <Text fw={600}>{title}</Text>
        <Anchor component={Link} to={agentSessionsLink(filters)} size="sm">
          All of them in the explorer
        </Anchor>
      </Group>
      {sessions.isPending ? (
        <LoadingState label="Loading the sessions" />
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title="No agent session">None of the agents' telemetry named a session here yet.</EmptyState>
      ) : (
        <AgentSessionTable sessions={rows} personOf={personOf} label={title} />
      )}
      {sessions.hasNextPage && (
        <Button component={Link} to={agentSessionsLink(filters)} variant="subtle" size="xs" w="fit-content">
          More sessions
        </Button>
      )}
    </Stack>
  );
}
