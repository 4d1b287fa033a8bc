import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { FleetVersion } from '../../api/client';
import { ColumnHeads } from '../../components/ColumnHeads';
import { formatDateTime, formatExact } from '../../format';
import { ScrollTable } from '../../components/ScrollTable';

/**
 * The versions in use across the fleet (the last 7 days): how many senders run each version of
 * each agent, so an admin sees who still runs an old one. An agent that sends no version of its
 * own (Gemini CLI) shows as "not sent".
 */
export function VersionsPanel({ versions }: { versions: FleetVersion[] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="versions-heading">
      <Stack>
        <div>
          <Title order={2} size="h3" id="versions-heading">
            Versions in use
          </Title>
          <Text size="sm" c="dimmed">
            Each agent and sender heard in the last 7 days, at the version its latest export said.
          </Text>
        </div>
        <ScrollTable minWidth={300}>
          <Table striped verticalSpacing="xs" aria-label="Agent versions in use">
            <ColumnHeads columns={['Agent', 'Version', { label: 'Senders', numeric: true }, { label: 'Last data', wideOnly: true }]} />
            <Table.Tbody>
              {versions.map((version) => (
                <Table.Tr key={`${version.agent}|${version.version ?? ''}`}>
                  <Table.Td>
                    <Text size="sm">{version.agent}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={version.version ? undefined : 'dimmed'}>
                      {version.version ?? 'not sent'}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{formatExact(version.senders)}</Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{formatDateTime(version.lastSeenAt)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Stack>
    </Paper>
  );
}
