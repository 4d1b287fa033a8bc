import { memo } from 'react';
import { Anchor, Badge, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTokensByModel } from '../../api/useAnalytics';
import { StackedDailyAreas, StackedDailyBars, modelSeries } from '../../components/Charts';
import { ColumnHeads } from '../../components/ColumnHeads';
import { CreditNote } from '../../components/CreditNote';
import { EmptyState } from '../../components/QueryState';
import { formatExact, formatMoney } from '../../format';
import { timeSeries, type TimeAxis } from './timeAxis';
import { ScrollTable } from '../../components/ScrollTable';

type Answer = NonNullable<ReturnType<typeof useTokensByModel>['data']>;

/** What one model cost over the range: null when it has no price. */
interface ModelSpend {
  model: string;
  cost: number | null;
  credits: number;
  reported: number | null;
}

function spendByModel(rows: Answer['rows']): ModelSpend[] {
  const models = new Map<string, ModelSpend>();
  for (const row of rows) {
    const spend = models.get(row.group_key) ?? { model: row.group_key, cost: 0, credits: 0, reported: null };
    // A day without a price (or not yet costed) makes the model's range unpriced: never shown as a smaller sum.
    spend.cost = spend.cost === null || row.cost === null || row.cost === undefined ? null : spend.cost + row.cost;
    spend.credits += row.billable_tokens;
    if (row.reported_cost_usd !== null && row.reported_cost_usd !== undefined) spend.reported = (spend.reported ?? 0) + row.reported_cost_usd;
    models.set(row.group_key, spend);
  }
  return [...models.values()].sort((a, b) => (b.cost ?? -1) - (a.cost ?? -1) || b.credits - a.credits || (a.model < b.model ? -1 : 1));
}

/** Money first, credits second, per model over the range; a model without a price says so. */
function SpendTable({ answer }: { answer: Answer }) {
  const spends = spendByModel(answer.rows);
  const money = (value: number) => formatMoney(value, answer.currency);
  const priced = spends.reduce((sum, spend) => sum + (spend.cost ?? 0), 0);
  const unpriced = spends.filter((spend) => spend.cost === null);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        Spend by model, at your prices
      </Text>
      <ScrollTable minWidth={560}>
        <Table striped aria-label="Spend by model">
          <ColumnHeads columns={['Model', { label: `Spend (${answer.currency})`, numeric: true }, { label: 'Standard Credits', numeric: true }, { label: 'Reported by the agent (USD)', numeric: true, wideOnly: true }]} />
          <Table.Tbody>
            {spends.map((spend) => (
              <Table.Tr key={spend.model}>
                <Table.Td ff="monospace">{spend.model}</Table.Td>
                <Table.Td ta="right">
                  {spend.cost === null ? (
                    <Anchor component={Link} to="/settings/prices" size="sm">
                      <Badge color="red.9">No price</Badge>
                    </Anchor>
                  ) : (
                    money(spend.cost)
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatExact(spend.credits)}</Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {spend.reported === null ? '—' : formatMoney(spend.reported, 'USD')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">Total{unpriced.length > 0 ? ` (without ${unpriced.length} unpriced)` : ''}</Table.Th>
              <Table.Td ta="right" fw={700} data-testid="spend-total">
                {money(priced)}
              </Table.Td>
              <Table.Td ta="right">{formatExact(spends.reduce((sum, spend) => sum + spend.credits, 0))}</Table.Td>
              <Table.Td visibleFrom="sm" />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollTable>
      <CreditNote />
    </Stack>
  );
}

/** Spend per model, then Standard Credits and tokens per day, stacked by model (/tokens?group_by=model). */
export const TokensPanelBody = memo(function TokensPanelBody({ axis, answer }: { axis: TimeAxis; answer: Answer }) {
  const { rows } = answer;
  if (rows.length === 0) return <EmptyState title="No model usage in this range">Credits appear the day after agents call a model.</EmptyState>;
  const models = [...new Set(rows.map((row) => row.group_key))].sort();
  const zero = { input: 0, output: 0, ...Object.fromEntries(models.map((model) => [model, 0])) };
  const byDay = new Map<string, { date: string; figures: Record<string, number> }>();
  for (const row of rows) {
    const day = byDay.get(row.date) ?? { date: row.date, figures: { ...zero } };
    byDay.set(row.date, day);
    day.figures[row.group_key] = row.billable_tokens;
    day.figures.input! += row.input_tokens;
    day.figures.output! += row.output_tokens;
  }
  const data = timeSeries(axis, [...byDay.values()], (day) => day.figures, zero, 'sum');
  return (
    <Stack>
      <SpendTable answer={answer} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <div>
          <Text size="sm" fw={600}>
            Standard Credits {axis.per}, by model
          </Text>
          <StackedDailyBars label={`Standard Credits ${axis.per}, stacked by model`} xFormat={axis} data={data} series={modelSeries(models)} />
        </div>
        <div>
          <Text size="sm" fw={600}>
            Tokens {axis.per}, input and output
          </Text>
          <StackedDailyAreas
            label={`Input and output tokens ${axis.per}`}
            xFormat={axis}
            data={data}
            series={[
              { key: 'input', label: 'Input tokens' },
              { key: 'output', label: 'Output tokens' },
            ]}
          />
        </div>
      </SimpleGrid>
    </Stack>
  );
});
