import { Anchor, Badge, Button, Stack, Table } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useCreateSession, useSessions } from '../../api/useSessions';
import { ActionError, EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { formatCompact, formatDateTime, formatExact } from '../../format';
import { SESSION_STATUS_COLORS, SESSION_STATUS_VARIANTS } from './status';
import { PageHeader } from '../../components/PageHeader';
import { ColumnHeads } from '../../components/ColumnHeads';

/** /sessions — agent sessions the person may see: status, token usage, credits. */
export default function SessionsPage() {
  const sessions = useSessions();
  const create = useCreateSession();
  const navigate = useNavigate();
  return (
    <Stack>
      <PageHeader
        title="Sessions"
        description="Conversations with agents, most recent first."
        action={
          <Button loading={create.isPending} onClick={() => create.mutate({ title: 'New session' }, { onSuccess: (session) => navigate(`/sessions/${session.sessionId}`) })}>
            New session
          </Button>
        }
      />
      <ActionError error={create.error} />
      {sessions.isPending ? (
        <LoadingState label="Loading sessions" />
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : sessions.data.length === 0 ? (
        <EmptyState title="No sessions yet" />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Sessions">
            <ColumnHeads columns={['Session', 'Status', { label: 'Messages', numeric: true }, { label: 'Tokens (in / out)', numeric: true }, { label: 'Credits', numeric: true }, 'Updated']} />
            <Table.Tbody>
              {sessions.data.map((session) => {
                const usage = session.sessionSettings?.tokenUsage;
                return (
                  <Table.Tr key={session.sessionId}>
                    <Table.Td>
                      <Anchor component={Link} to={`/sessions/${session.sessionId}`} size="sm">
                        {session.title || session.sessionId}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={SESSION_STATUS_COLORS[session.status]} variant={SESSION_STATUS_VARIANTS[session.status]}>
                        {session.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">{session.messageCount}</Table.Td>
                    <Table.Td ta="right">{usage ? `${formatCompact(usage.inputTokens)} / ${formatCompact(usage.outputTokens)}` : '—'}</Table.Td>
                    <Table.Td ta="right">{usage ? formatExact(usage.serviceCredits) : '—'}</Table.Td>
                    <Table.Td>{formatDateTime(session.updatedAt)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
