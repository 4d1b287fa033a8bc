import { Anchor, Badge, Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSearchParam } from '../../components/useSearchParam';
import { isManager } from '../../api/client';
import { useComputers } from '../../api/useComputers';
import { useMembers } from '../../api/useMembers';
import { useSessions } from '../../api/useSessions';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { formatCompact, formatDateTime, formatExact } from '../../format';
import { SESSION_STATUS_COLORS, SESSION_STATUS_VARIANTS, SESSION_STATUSES } from './status';
import { PageHeader } from '../../components/PageHeader';
import { ColumnHeads } from '../../components/ColumnHeads';
import { NewSessionModal } from './NewSessionModal';
import { useSignedInSession } from '../../components/SessionContext';
import { ScrollTable } from '../../components/ScrollTable';

const ANY = '';

/**
 * /sessions — agent sessions the person may see: computer, status, token usage, credits; start one.
 * Owners and managers see everyone's, with an Owner column and filter. The owner and computer
 * filters live in the address (`?owner=<userId>`, `?computer=<id>`), so the member and computers
 * pages link to one person's or one computer's sessions.
 */
export default function SessionsPage() {
  const { user } = useSignedInSession();
  const seesOwners = isManager(user.role);
  const sessions = useSessions();
  const computers = useComputers();
  const members = useMembers(seesOwners);
  const [starting, setStarting] = useState(false);
  const [computerId, setComputerId] = useSearchParam('computer');
  const [status, setStatus] = useState(ANY);
  const [ownerParam, setOwnerId] = useSearchParam('owner');
  const ownerId = seesOwners ? ownerParam : ANY;
  const computerName = new Map((computers.data ?? []).map((computer) => [computer.id, computer.name]));
  const memberName = new Map((members.data ?? []).map((member) => [member.id, member.name ?? member.email]));
  // The owner in the address stays selectable while the members load, or when it is no member.
  const ownerOptions = [...memberName].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  if (ownerId !== ANY && !memberName.has(ownerId)) ownerOptions.push({ value: ownerId, label: ownerId });
  const shown = (sessions.data ?? []).filter(
    (session) => (computerId === ANY || session.computerId === computerId) && (status === ANY || session.status === status) && (ownerId === ANY || session.ownerId === ownerId),
  );
  return (
    <Stack>
      <PageHeader title="Sessions" description="Conversations with agents, most recent first." action={<Button onClick={() => setStarting(true)}>New session</Button>} />
      <NewSessionModal opened={starting} onClose={() => setStarting(false)} />
      {sessions.isPending ? (
        <LoadingState label="Loading sessions" />
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : sessions.data.length === 0 ? (
        <EmptyState title="No sessions yet">Start one on a computer with New session.</EmptyState>
      ) : (
        <>
          <Group align="flex-end">
            {seesOwners && (
              <NativeSelect label="Owner" value={ownerId} onChange={(event) => setOwnerId(event.currentTarget.value)} data={[{ value: ANY, label: 'Anyone' }, ...ownerOptions]} />
            )}
            <NativeSelect
              label="Computer"
              value={computerId}
              onChange={(event) => setComputerId(event.currentTarget.value)}
              data={[{ value: ANY, label: 'Any computer' }, ...(computers.data ?? []).map((computer) => ({ value: computer.id, label: computer.name }))]}
            />
            <NativeSelect
              label="Status"
              value={status}
              onChange={(event) => setStatus(event.currentTarget.value)}
              data={[{ value: ANY, label: 'Any status' }, ...SESSION_STATUSES.map((value) => ({ value, label: value }))]}
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {shown.length} of {sessions.data.length}
            </Text>
          </Group>
          <ScrollTable minWidth={seesOwners ? 860 : 720}>
            <Table striped aria-label="Sessions">
              <ColumnHeads columns={['Session', seesOwners && 'Owner', 'Computer', 'Status', { label: 'Messages', numeric: true }, { label: 'Tokens (in / out)', numeric: true }, { label: 'Credits', numeric: true }, 'Updated']} />
              <Table.Tbody>
                {shown.map((session) => {
                  const usage = session.sessionSettings?.tokenUsage;
                  return (
                    <Table.Tr key={session.sessionId}>
                      <Table.Td>
                        <Anchor component={Link} to={`/sessions/${session.sessionId}`} size="sm">
                          {session.title || session.sessionId}
                        </Anchor>
                      </Table.Td>
                      {seesOwners && <Table.Td>{memberName.get(session.ownerId) ?? session.ownerId}</Table.Td>}
                      <Table.Td>{session.computerId ? (computerName.get(session.computerId) ?? session.computerId) : '—'}</Table.Td>
                      <Table.Td>
                        {/* As wide as its word: in a phone-sized table the cell cut it short. */}
                        <Badge color={SESSION_STATUS_COLORS[session.status]} variant={SESSION_STATUS_VARIANTS[session.status]} miw="max-content">
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
          </ScrollTable>
        </>
      )}
    </Stack>
  );
}
