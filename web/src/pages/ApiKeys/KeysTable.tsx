import { Badge, Button, Code, Table, Text } from '@mantine/core';
import type { ApiKey } from '../../api/client';
import { formatDate, formatDateTime } from '../../format';
import { ColumnHeads } from '../../components/ColumnHeads';
import { ScrollTable } from '../../components/ScrollTable';
import { nameOf, type Person } from '../../components/people';
import { PersonName } from '../../components/PersonName';

/**
 * The keys, with their user when the reader sees the whole organization's. On a phone the table
 * keeps name, expiry and the action; the rest shows from the "sm" breakpoint on.
 */
export function KeysTable(props: { keys: ApiKey[]; ownUserId: string; userOf?: (userId: string) => Person | undefined; onRevoke: (key: ApiKey) => void }) {
  const showUser = props.userOf !== undefined;
  const personOf = (key: ApiKey) => props.userOf?.(key.userId);
  const userOf = (key: ApiKey) => {
    const person = personOf(key);
    return person ? nameOf(person) : key.userId;
  };
  return (
    <ScrollTable minWidth={320}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <ColumnHeads columns={['Name', { label: 'Key', wideOnly: true }, showUser && { label: 'User', wideOnly: true }, { label: 'Created', wideOnly: true }, 'Expires', { label: 'Last used', wideOnly: true }, { label: 'Actions', labelHidden: true }]} />
        <Table.Tbody>
          {props.keys.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {key.name}
                </Text>
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {key.prefix}…{showUser && ` · ${userOf(key)}`}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Code>{key.prefix}…</Code>
              </Table.Td>
              {showUser && (
                <Table.Td visibleFrom="sm">
                  {personOf(key) ? <PersonName person={personOf(key)!} /> : <Text size="sm">{key.userId}</Text>}
                  {key.userId === props.ownUserId && (
                    <Badge size="xs" variant="light">
                      you
                    </Badge>
                  )}
                </Table.Td>
              )}
              <Table.Td visibleFrom="sm">{formatDate(key.createdAt)}</Table.Td>
              <Table.Td>{formatDate(key.expiresAt, 'Never')}</Table.Td>
              <Table.Td visibleFrom="sm">{formatDateTime(key.lastUsedAt, 'Never')}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" color="red" onClick={() => props.onRevoke(key)} aria-label={`Revoke key ${key.name} (${key.prefix})`}>
                  Revoke
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
