import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useOutcomes, type DayRange } from '../../api/useAnalytics';
import { ErrorState, LoadingState } from '../../components/QueryState';
import { formatExact, formatMoney, formatPercent } from '../../format';
import { rangeFigures } from './outcomeFigures';

/** A member's own outcome figures over the range (their rows of /outcomes?group_by=user): merged pull requests, the share agent-assisted, cost per merged pull request. */
export function MemberOutcomes({ range, userId }: { range: DayRange; userId: string }) {
  const outcomes = useOutcomes(range, 'user');
  const title = 'Pull requests merged';
  return (
    <Card withBorder component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Those with a commit the member authored (matched by commit e-mail), from the connected git hosts.
      </Text>
      {outcomes.isPending ? (
        <LoadingState label="Loading pull requests" />
      ) : outcomes.isError ? (
        <ErrorState error={outcomes.error} onRetry={() => void outcomes.refetch()} />
      ) : (
        <OutcomeFigureCards figures={rangeFigures(outcomes.data.rows.filter((row) => 'group_key' in row && row.group_key === userId))} currency={outcomes.data.currency} />
      )}
    </Card>
  );
}

function OutcomeFigureCards({ figures, currency }: { figures: ReturnType<typeof rangeFigures>; currency: string }) {
  const cards = [
    { name: 'member-merged', label: 'Merged pull requests', value: formatExact(figures.merged) },
    { name: 'member-agent-share', label: 'Agent-assisted', value: figures.agentShare === null ? '—' : formatPercent(figures.agentShare) },
    { name: 'member-cost-per-merged', label: 'Cost per merged pull request', value: figures.costPerMerged === null ? '—' : formatMoney(figures.costPerMerged, currency) },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }}>
      {cards.map((card) => (
        <div key={card.name}>
          <Text size="xs" c="dimmed">
            {card.label}
          </Text>
          <Text size="xl" fw={700} data-figure={card.name}>
            {card.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
