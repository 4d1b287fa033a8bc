import { AgentTokenRow, ModelTokenRow, TokenRow } from '../../../analytics/schemas.js';
import type { App } from '../../../http/context.js';
import { dailyRoute } from './daily-route.js';

// GET /api/v1/analytics/tokens — Standard Credits and tokens per day; group_by=model per model,
// group_by=agent per agent product.
export default async function tokensRoute(app: App) {
  dailyRoute(app, {
    kind: 'tokens',
    summary: 'Standard Credits and tokens per day',
    row: TokenRow,
    agentRow: AgentTokenRow,
    costs: true,
    groupBy: {
      value: 'model',
      row: ModelTokenRow,
      groups: (row) =>
        row.by_model.map((m) => ({
          group_key: m.model_id,
          billable_tokens: m.billable_tokens,
          input_tokens: m.input_tokens,
          output_tokens: m.output_tokens,
          // Absent on a day aggregated before prices existed (until the rollup computes it again).
          ...(m.cost === undefined ? {} : { cost: m.cost }),
          ...(m.reported_cost_usd === undefined ? {} : { reported_cost_usd: m.reported_cost_usd }),
        })),
    },
  });
}
