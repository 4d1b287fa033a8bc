import { Anchor, Card, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAgentSessionWaste } from '../../api/useAgentSessionWaste';
import { PATTERN_LABELS } from '../../components/agentSessionLabels';
import { ErrorState, LoadingState } from '../../components/QueryState';
import { formatMoney } from '../../format';
import { ScrollTable } from '../../components/ScrollTable';

// "Waste found this month": the patterns the server found in this month's agent sessions, each
// priced, with its suggested fix, and the repositories that wasted most; a link to the explorer's
// flagged sessions. Live figures of the current UTC month, like the budgets panel.

/** Repositories listed on the card: the costliest. */
const TOP_REPOSITORIES = 5;

export function WastePanel() {
  const title = 'Waste found this month';
  const waste = useAgentSessionWaste();
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Agent sessions started this UTC month with a wasteful pattern, and the model calls spent inside it at your prices.
      </Text>
      {waste.isPending ? (
        <LoadingState label="Loading the waste found" />
      ) : waste.isError ? (
        <ErrorState error={waste.error} onRetry={() => void waste.refetch()} />
      ) : (
        <Stack gap="sm">
          <Text size="sm" data-testid="waste-total">
            {waste.data.total.sessions === 0
              ? 'No waste found this month.'
              : `${waste.data.total.sessions} flagged ${waste.data.total.sessions === 1 ? 'session' : 'sessions'}, ${formatMoney(waste.data.total.estimatedCost, waste.data.currency)} estimated.`}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ScrollTable minWidth={300}>
              <Table striped verticalSpacing={4} aria-label="Waste per pattern">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Pattern and fix</Table.Th>
                    <Table.Th ta="right">Sessions</Table.Th>
                    <Table.Th ta="right">Cost</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {waste.data.patterns
                    .filter((row) => row.sessions > 0)
                    .map((row) => (
                      <Table.Tr key={row.pattern} data-testid={`waste-${row.pattern}`}>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {PATTERN_LABELS[row.pattern]}
                          </Text>
                          <List size="xs" spacing={2}>
                            {row.suggestedFix.hook && <List.Item>{row.suggestedFix.hook}</List.Item>}
                            <List.Item>AGENTS.md: “{row.suggestedFix.agentsMd}”</List.Item>
                          </List>
                        </Table.Td>
                        <Table.Td ta="right">{row.sessions}</Table.Td>
                        <Table.Td ta="right">{formatMoney(row.estimatedCost, waste.data.currency)}</Table.Td>
                      </Table.Tr>
                    ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <ScrollTable minWidth={260}>
              <Table striped verticalSpacing={4} aria-label="Waste per repository">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Repository</Table.Th>
                    <Table.Th ta="right">Sessions</Table.Th>
                    <Table.Th ta="right">Cost</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {waste.data.repositories.slice(0, TOP_REPOSITORIES).map((row) => (
                    <Table.Tr key={row.repository ?? ''}>
                      <Table.Td style={{ wordBreak: 'break-all' }}>
                        <Text size="sm">{row.repository ?? 'No repository named'}</Text>
                      </Table.Td>
                      <Table.Td ta="right">{row.sessions}</Table.Td>
                      <Table.Td ta="right">{formatMoney(row.estimatedCost, waste.data.currency)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </SimpleGrid>
          <Anchor component={Link} to="/agent-sessions?flagged=true" size="sm">
            Flagged sessions
          </Anchor>
        </Stack>
      )}
    </Card>
  );
}
