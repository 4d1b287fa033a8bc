import { Badge, Stack, Table, Text } from '@mantine/core';
import type { ConnectedAgent } from '../../api/client';
import { ColumnHeads } from '../../components/ColumnHeads';
import { formatCompact, formatDateTime, formatExact } from '../../format';
import { ScrollTable } from '../../components/ScrollTable';

/** Who sent a connection's data, for people: the member, the identity waiting for one, or the key. */
export function senderLabel(sender: ConnectedAgent['sender']): { title: string; detail: string | null } {
  switch (sender.kind) {
    case 'user':
      return { title: sender.user.name ?? sender.user.email, detail: sender.user.name ? sender.user.email : null };
    case 'identity':
      return { title: sender.identity.value, detail: sender.identity.userId ? `${sender.identity.kind}, linked to a member` : `unattributed ${sender.identity.kind}` };
    case 'key':
      return { title: 'No identity', detail: `key ${sender.apiKeyId}` };
  }
}

/**
 * Today's connections per agent product and sender, the most recently heard first. The sender goes
 * under the agent (and on a phone the time too), so the table fits a phone without scrolling sideways.
 */
export function ConnectionsTable({ connections }: { connections: ConnectedAgent[] }) {
  return (
    <ScrollTable minWidth={320}>
      <Table striped verticalSpacing="sm" aria-label="Connected agents today">
        <ColumnHeads
          columns={[
            'Agent and sender',
            { label: 'Last data', wideOnly: true },
            { label: 'Accepted', numeric: true },
            { label: 'Tokens', numeric: true, wideOnly: true },
            { label: 'Tool calls', numeric: true, wideOnly: true },
            'Problems',
          ]}
        />
        <Table.Tbody>
          {connections.map((connection) => {
            const sender = senderLabel(connection.sender);
            return (
              <Table.Tr key={`${connection.agent}|${JSON.stringify(connection.sender)}`}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {connection.agent}
                    {connection.version && (
                      <Text span size="xs" c="dimmed" fw={400}>
                        {' '}
                        {connection.version}
                      </Text>
                    )}
                  </Text>
                  <Sender sender={sender} />
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {formatDateTime(connection.lastSeenAt)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{formatDateTime(connection.lastSeenAt)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" title={`${formatExact(connection.duplicates)} already counted (retried exports)`}>
                    {formatExact(connection.accepted)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  <Text size="sm" title={formatExact(connection.tokens)}>
                    {formatCompact(connection.tokens)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  <Text size="sm">{formatExact(connection.toolCalls)}</Text>
                </Table.Td>
                <Table.Td>
                  <Problems connection={connection} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function Sender({ sender }: { sender: ReturnType<typeof senderLabel> }) {
  return (
    <>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {sender.title}
      </Text>
      {sender.detail && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {sender.detail}
        </Text>
      )}
    </>
  );
}

function Problems({ connection }: { connection: ConnectedAgent }) {
  // An identity linked since counts for its member: what waited has moved, nothing is left to do.
  const waiting = connection.sender.kind === 'identity' && connection.sender.identity.userId ? 0 : connection.unattributed;
  if (connection.refused === 0 && waiting === 0 && !connection.lastProblem) {
    return <Text size="sm">None</Text>;
  }
  return (
    <Stack gap={2} align="flex-start">
      {waiting > 0 && (
        <Badge color="yellow" variant="filled">
          {formatExact(waiting)} unattributed
        </Badge>
      )}
      {connection.refused > 0 && (
        <Badge color="red" variant="filled">
          {formatExact(connection.refused)} refused
        </Badge>
      )}
      {connection.lastProblem && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {connection.lastProblem.reason} ({formatDateTime(connection.lastProblem.at)})
        </Text>
      )}
    </Stack>
  );
}
