import { Badge, Button, Code, Table, Text } from '@mantine/core';
import type { ApiKey } from '../../api/client';
import { formatDate, formatDateTime } from '../../format';

/** The keys, with their user when the reader sees the whole organization's. */
export function KeysTable(props: { keys: ApiKey[]; ownUserId: string; userEmail?: (userId: string) => string | undefined; onRevoke: (key: ApiKey) => void }) {
  const showUser = props.userEmail !== undefined;
  return (
    <Table.ScrollContainer minWidth={showUser ? 720 : 560}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Key</Table.Th>
            {showUser && <Table.Th scope="col">User</Table.Th>}
            <Table.Th scope="col">Created</Table.Th>
            <Table.Th scope="col">Expires</Table.Th>
            <Table.Th scope="col">Last used</Table.Th>
            <Table.Th scope="col">
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.keys.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {key.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Code>{key.prefix}…</Code>
              </Table.Td>
              {showUser && (
                <Table.Td>
                  <Text size="sm">{props.userEmail?.(key.userId) ?? key.userId}</Text>
                  {key.userId === props.ownUserId && (
                    <Badge size="xs" variant="light">
                      you
                    </Badge>
                  )}
                </Table.Td>
              )}
              <Table.Td>{formatDate(key.createdAt)}</Table.Td>
              <Table.Td>{formatDate(key.expiresAt, 'Never')}</Table.Td>
              <Table.Td>{formatDateTime(key.lastUsedAt, 'Never')}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" color="red" onClick={() => props.onRevoke(key)} aria-label={`Revoke key ${key.name} (${key.prefix})`}>
                  Revoke
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
