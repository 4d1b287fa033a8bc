// The reference rows of GET /api/v1/analytics/attributed-costs, computed from the usage increments
// a test sent (synthetic in fleet-costs.test.ts, captured from the real CLI in
// claude-code-labels.test.ts): every increment once per attribution label it carries, summed per
// day, kind and name; the cost from the tokens at the organization's prices.

export type UsageType = 'input' | 'output' | 'cacheRead' | 'cacheCreation';

/** One increment of Claude Code's token or cost counter, with its attribution labels. */
export interface LabelledIncrement {
  day: string;
  metric: 'claude_code.token.usage' | 'claude_code.cost.usage' | string;
  /** the token counter's `type` (the cost counter has none) */
  type?: UsageType;
  value: number;
  labels: Record<string, string>;
}

export interface TokenPrices {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export const KIND_OF_LABEL: Record<string, string> = { 'skill.name': 'skill', 'agent.name': 'subagent', 'plugin.name': 'plugin', 'mcp_server.name': 'mcp_server' };
const FIELD_OF_TYPE = { input: 'input_tokens', output: 'output_tokens', cacheRead: 'cache_read_tokens', cacheCreation: 'cache_write_tokens' } as const;

interface ReferenceRow {
  date: string;
  kind: string;
  group_key: string;
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
  costMicros: number;
  reportedMicros: number | null;
}

/** The rows the endpoint should answer (of one kind when given), in its order: day, kind, name (byte order). */
export function attributedReference(increments: LabelledIncrement[], prices: TokenPrices, kind?: string) {
  const rows = new Map<string, ReferenceRow>();
  for (const increment of increments) {
    for (const [label, name] of Object.entries(increment.labels)) {
      const rowKind = KIND_OF_LABEL[label];
      if (!rowKind || (kind && rowKind !== kind)) continue;
      const key = `${increment.day}|${rowKind}|${name}`;
      let row = rows.get(key);
      if (!row) {
        row = { date: increment.day, kind: rowKind, group_key: name, input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, costMicros: 0, reportedMicros: null };
        rows.set(key, row);
      }
      if (increment.metric === 'claude_code.cost.usage') row.reportedMicros = (row.reportedMicros ?? 0) + Math.round(increment.value * 1e6);
      else if (increment.type) {
        row[FIELD_OF_TYPE[increment.type]] += increment.value;
        row.costMicros += increment.value * prices[increment.type === 'cacheCreation' ? 'cacheWrite' : increment.type];
      }
    }
  }
  const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows.values()]
    .sort((a, b) => byteOrder(a.date, b.date) || byteOrder(a.kind, b.kind) || byteOrder(a.group_key, b.group_key))
    .map(({ costMicros, reportedMicros, ...row }) => ({ ...row, cost: Math.round(costMicros) / 1e6, unpriced_models: [], reported_cost_usd: reportedMicros === null ? null : reportedMicros / 1e6 }));
}
