import { Button, Group, Table, Text } from '@mantine/core';
import type { TelemetryIdentity } from '../../api/client';
import { ColumnHeads } from '../../components/ColumnHeads';
import { formatDateTime, formatExact } from '../../format';
import { ScrollTable } from '../../components/ScrollTable';

/** Identities no member matches yet, with what waits for them and the two ways to resolve one. */
export function IdentitiesTable(props: { identities: TelemetryIdentity[]; onLink: (identity: TelemetryIdentity) => void; onInvite: (identity: TelemetryIdentity) => void }) {
  return (
    <ScrollTable minWidth={320}>
      <Table striped verticalSpacing="sm" aria-label="Unattributed identities">
        <ColumnHeads columns={['Identity', { label: 'Agent', wideOnly: true }, { label: 'Last seen', wideOnly: true }, { label: 'Waiting events', numeric: true }, { label: 'Actions', labelHidden: true }]} />
        <Table.Tbody>
          {props.identities.map((identity) => (
            <Table.Tr key={identity.id}>
              <Table.Td>
                <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
                  {identity.value}
                </Text>
                <Text size="xs" c="dimmed">
                  {identity.kind}
                  {identity.agent && ` · ${identity.agent}`}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">{identity.agent ?? '—'}</Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">{formatDateTime(identity.lastSeenAt)}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{formatExact(identity.pendingEvents)}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  <Button size="xs" variant="light" onClick={() => props.onLink(identity)} aria-label={`Link ${identity.value} to a member`}>
                    Link to member
                  </Button>
                  {identity.kind === 'email' && (
                    <Button size="xs" variant="default" onClick={() => props.onInvite(identity)} aria-label={`Invite ${identity.value}`}>
                      Invite
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
