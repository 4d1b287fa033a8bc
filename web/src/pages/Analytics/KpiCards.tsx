import { memo } from 'react';
import { Badge, Card, Group, SimpleGrid, Skeleton, Text, Tooltip } from '@mantine/core';
import { useActivity, useAnalyticsUsers, useProductivity, useTokensByModel, type DayRange } from '../../api/useAnalytics';
import { useMembers } from '../../api/useMembers';
import { formatCompact, formatExact, formatMoney, formatPercent } from '../../format';
import { comparisonLabel, formatPeriod, previousPeriod } from './range';
import { meanSinceHistory, total } from './totals';

// The headline figures of the range, each against the period of the same length before it, and
// adoption: the share of the organization's members active in the range.

interface Figures {
  /** At the organization's prices, in `currency`; models without a price left out. */
  spend: number;
  credits: number;
  activeUsers: number;
  sessions: number;
  pullRequests: number;
}

function useFigures(range: DayRange): { figures: Figures | undefined; currency: string | undefined; pending: boolean; ofAnotherRange: boolean } {
  const tokens = useTokensByModel(range);
  const activity = useActivity(range);
  const productivity = useProductivity(range);
  if (!tokens.data || !activity.data || !productivity.data) return { figures: undefined, currency: undefined, pending: tokens.isPending || activity.isPending || productivity.isPending, ofAnotherRange: false };
  return {
    pending: false,
    // The answers of the range before, kept on screen while this one's load.
    ofAnotherRange: tokens.isPlaceholderData || activity.isPlaceholderData || productivity.isPlaceholderData,
    currency: tokens.data.currency,
    figures: {
      spend: total(tokens.data.rows, (row) => row.cost ?? 0),
      credits: total(tokens.data.rows, (row) => row.billable_tokens),
      // Distinct users over an arbitrary range is not an answer of the API: the mean DAU is, over
      // the days since the organization's history began (its first day with activity in the
      // range): a year's mean is not divided by the months before there was anything to count.
      activeUsers: meanSinceHistory(activity.data, range),
      sessions: total(activity.data, (row) => row.sessions),
      pullRequests: total(productivity.data, (row) => row.git_prs_created),
    },
  };
}

/**
 * The change against the period before. More spend or credits is not good news, nor bad (it may
 * be more work done): their change is shown in grey; for the others up is teal and down red.
 */
function Change({ now, before, cost }: { now: number; before: number | undefined; cost: boolean }) {
  if (before === undefined) return null;
  if (before === 0)
    return (
      <Badge variant="light" color="gray" miw="max-content">
        no data before
      </Badge>
    );
  const change = (now - before) / before;
  const label = `${change >= 0 ? '+' : '−'}${Math.abs(change * 100).toFixed(Math.abs(change) < 0.1 ? 1 : 0)} %`;
  return (
    <Tooltip label={`Previous period: ${formatExact(before)}`}>
      <Badge variant="filled" color={cost ? 'gray.8' : change >= 0 ? 'teal.9' : 'red.9'} miw="max-content" tabIndex={0}>
        {label}
      </Badge>
    </Tooltip>
  );
}

export const KpiCards = memo(function KpiCards({ range }: { range: DayRange }) {
  const current = useFigures(range);
  const previous = useFigures(previousPeriod(range));
  // Money first: what the range cost at the organization's prices (Prices page), then credits.
  const money = (value: number) => formatMoney(value, current.currency ?? 'USD');
  const cards: { key: keyof Figures; label: string; format?: (value: number) => string }[] = [
    { key: 'spend', label: 'Spend', format: money },
    { key: 'credits', label: 'Standard Credits' },
    { key: 'activeUsers', label: 'Active users per day (mean)' },
    { key: 'sessions', label: 'Sessions' },
    { key: 'pullRequests', label: 'Pull requests' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 3, xl: 6 }} aria-label="Key figures" component="section">
      {cards.map((card) => (
        <Card withBorder padding="sm" key={card.key}>
          <Text size="xs" c="dimmed">
            {card.label}
          </Text>
          {current.figures ? (
            <Group gap="xs" align="baseline">
              <Tooltip label={(card.format ?? formatExact)(current.figures[card.key])}>
                <Text fz={26} fw={700} tabIndex={0} data-testid={`kpi-${card.key}`}>
                  {(card.format ?? formatCompact)(current.figures[card.key])}
                </Text>
              </Tooltip>
              {/* A change only between the two periods it names: never while either shows another range's answer. */}
              {!current.ofAnotherRange && !previous.ofAnotherRange && <Change now={current.figures[card.key]} before={previous.figures?.[card.key]} cost={card.key === 'spend' || card.key === 'credits'} />}
            </Group>
          ) : (
            <Skeleton height={34} mt={4} />
          )}
          <Text size="xs" c="dimmed" data-testid={`kpi-${card.key}-compared`}>
            {comparisonLabel(range)}
          </Text>
        </Card>
      ))}
      <AdoptionCard range={range} />
    </SimpleGrid>
  );
});

/**
 * Members (not deactivated) with any activity in the range, as a share of all of them: the
 * members table's "Inactive only" lists the others. The same answers the table loads.
 */
function AdoptionCard({ range }: { range: DayRange }) {
  const members = useMembers();
  const usage = useAnalyticsUsers(range, members.isSuccess);
  const current = members.data?.filter((member) => member.active);
  // Never the previous range's answer kept on screen while this one loads: its share would be of
  // other days than the range the card names.
  const activeIds = usage.data && !usage.isPlaceholderData ? new Set(usage.data.map((row) => row.user_id)) : undefined;
  const adopted = current && activeIds ? current.filter((member) => activeIds.has(member.id)).length : undefined;
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        Adoption
      </Text>
      {current && adopted !== undefined ? (
        <Text fz={26} fw={700} data-testid="kpi-adoption">
          {current.length === 0 ? '—' : formatPercent(adopted / current.length)}
        </Text>
      ) : (
        <Skeleton height={34} mt={4} />
      )}
      <Text size="xs" c="dimmed">
        {current && adopted !== undefined ? `${adopted} of ${current.length} members active ${formatPeriod(range)}` : `members active ${formatPeriod(range)}`}
      </Text>
    </Card>
  );
}
