import { SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useAttributedCosts, type AnalyticsAttributedCostRow, type DayRange } from '../../api/useAnalytics';
import { ColumnHeads } from '../../components/ColumnHeads';
import { EmptyState } from '../../components/QueryState';
import { Spend } from '../../components/Spend';
import { formatCompact, formatMoney } from '../../format';
import { usePhone } from '../../components/usePhone';
import { Panel } from './Panel';
import { ScrollTable } from '../../components/ScrollTable';

// Cost by skill, sub-agent, plugin and MCP server over the range
// (GET /api/v1/analytics/attributed-costs), one kind at a time: the kinds overlap (a plugin's MCP
// server counts for both), so they are never added together.

type Kind = AnalyticsAttributedCostRow['kind'];
const KINDS: { value: Kind; label: string; column: string }[] = [
  { value: 'skill', label: 'Skills', column: 'Skill' },
  { value: 'subagent', label: 'Sub-agents', column: 'Sub-agent' },
  { value: 'plugin', label: 'Plugins', column: 'Plugin' },
  { value: 'mcp_server', label: 'MCP servers', column: 'MCP server' },
];

interface Totals {
  name: string;
  cost: number;
  unpriced: Set<string>;
  tokens: number;
  reported: number | null;
}

/** The range's rows of one kind summed per name, most cost first, then most tokens, then name. */
export function totalsByName(rows: readonly AnalyticsAttributedCostRow[], kind: Kind): Totals[] {
  const totals = new Map<string, Totals>();
  for (const row of rows) {
    if (row.kind !== kind) continue;
    const own = totals.get(row.group_key) ?? { name: row.group_key, cost: 0, unpriced: new Set<string>(), tokens: 0, reported: null };
    // Costs carry 6 decimals: summed in micro-units so that the total is exact.
    own.cost = Math.round(own.cost * 1e6 + row.cost * 1e6) / 1e6;
    for (const model of row.unpriced_models) own.unpriced.add(model);
    own.tokens += row.input_tokens + row.output_tokens + row.cache_read_tokens + row.cache_write_tokens;
    if (row.reported_cost_usd !== null) own.reported = Math.round((own.reported ?? 0) * 1e6 + row.reported_cost_usd * 1e6) / 1e6;
    totals.set(row.group_key, own);
  }
  return [...totals.values()].sort((a, b) => b.cost - a.cost || b.tokens - a.tokens || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export function AttributedCostsPanel({ range }: { range: DayRange }) {
  const [kind, setKind] = useState<Kind>('skill');
  // Four choices do not fit side by side on a phone: stacked there.
  const phone = usePhone();
  const answer = useAttributedCosts(range);
  const { label, column } = KINDS.find((entry) => entry.value === kind)!;
  return (
    <Panel
      title="Cost by skill, sub-agent, plugin and MCP server"
      description="Where agents attribute their usage (Claude Code does): tokens and spend at your prices per skill, sub-agent, plugin or MCP server over the range. The same calls as above, broken down another way; each kind apart."
      source={{ resource: 'attributed-costs', range }}
      query={answer}
    >
      {() => {
        const totals = totalsByName(answer.data!.rows, kind);
        return (
          <Stack gap="sm">
            <SegmentedControl value={kind} onChange={(value) => setKind(value as Kind)} data={KINDS} aria-label="Attributed to" fullWidth maw={560} orientation={phone ? 'vertical' : 'horizontal'} />
            {totals.length === 0 ? (
              <EmptyState title={`No ${label.toLowerCase()} in this range`}>Usage shows here when an agent attributes it (Claude Code 2.1.332 and later, metrics exporter on).</EmptyState>
            ) : (
              <ScrollTable minWidth={300}>
                <Table striped verticalSpacing="xs" aria-label={`Cost by ${label.toLowerCase()}`}>
                  <ColumnHeads columns={[column, { label: 'Spend', numeric: true }, { label: 'Tokens', numeric: true }, { label: 'Agent-reported (USD)', numeric: true, wideOnly: true }]} />
                  <Table.Tbody>
                    {totals.map((row) => (
                      <Table.Tr key={row.name}>
                        <Table.Td style={{ wordBreak: 'break-all' }}>{row.name}</Table.Td>
                        <Table.Td ta="right">
                          <Spend cost={row.cost} unpricedModels={[...row.unpriced].sort()} currency={answer.data!.currency} />
                        </Table.Td>
                        <Table.Td ta="right">{formatCompact(row.tokens)}</Table.Td>
                        <Table.Td ta="right" visibleFrom="sm">
                          {row.reported === null ? '—' : formatMoney(row.reported, 'USD')}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            )}
            <Text size="xs" c="dimmed">
              Agent-reported: what the agent estimated itself, kept beside the spend at your prices.
            </Text>
          </Stack>
        );
      }}
    </Panel>
  );
}
