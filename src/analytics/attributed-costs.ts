import { Type, type Static } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { DayRange } from '../domain/dates.js';
import type { PriceBook } from '../domain/prices.js';
import { StringEnum } from '../schemas/common.js';
import { USAGE_KINDS, type UsageKind } from '../telemetry/events.js';
import { byteOrder } from './order.js';
import { FiguresSum, UsageFigures, type CellSums } from './usage-figures.js';

// Cost by skill, sub-agent, plugin and MCP server (GET /api/v1/analytics/attributed-costs,
// docs/analytics.md): the usage shares agents attribute (Claude Code's attribution labels on its
// token and cost counters, stored as `<kind>_usage` events), per day and name, read from the day
// cells those events are counted into as they are stored. The shares repeat model calls already
// counted in /tokens: they are a breakdown of their own, each kind apart, never added to anything.

/** The `group_by` values, one per kind of attribution. */
export const ATTRIBUTION_GROUPS = USAGE_KINDS;

export const AttributedCostRow = Type.Object({
  date: Type.String({ format: 'date', description: 'YYYY-MM-DD (UTC)' }),
  kind: StringEnum(USAGE_KINDS, { description: 'What the usage was attributed to' }),
  group_key: Type.String({ description: 'The skill, sub-agent, plugin or MCP server, as the agent names it' }),
  ...UsageFigures,
});
export type AttributedCostRow = Static<typeof AttributedCostRow>;

const typeOf = (kind: UsageKind) => `${kind}_usage`;
const kindOf = (type: string) => type.slice(0, -'_usage'.length) as UsageKind;

interface SumsRow extends CellSums {
  day: string;
  type: string;
  name: string;
}

/**
 * The range's rows, by date, then kind, then name (byte order); one kind when `kind` is given. A
 * day with no attributed usage has no rows (the grouped rows' rule). The cells are read by the
 * partial index of usage cells (migrations/0059), summed per day, type, name and model in SQL.
 */
export async function attributedCostRows(db: Db, organizationId: string, range: DayRange, prices: PriceBook, kind?: UsageKind): Promise<AttributedCostRow[]> {
  if (range.from > range.end) return [];
  // Literals, not parameters: the planner proves the partial index's predicate from them.
  const types = (kind ? [kind] : USAGE_KINDS).map(typeOf);
  const { rows } = await sql<SumsRow>`
    SELECT day::text AS day, type, name, model_id,
      sum(input_tokens) AS input_tokens, sum(output_tokens) AS output_tokens,
      sum(cache_read_tokens) AS cache_read_tokens, sum(cache_write_tokens) AS cache_write_tokens, sum(cache_write_1h_tokens) AS cache_write_1h_tokens,
      sum(reported_cost_micros) AS reported_cost_micros, sum(reported_costs) AS reported_costs
    FROM telemetry_day_cells
    WHERE organization_id = ${organizationId} AND day BETWEEN ${range.from}::date AND ${range.end}::date
      AND type IN (${sql.join(types.map((type) => sql.lit(type)))})
    GROUP BY day, type, name, model_id`.execute(db);
  const groups = new Map<string, { date: string; kind: UsageKind; group_key: string; sum: FiguresSum }>();
  for (const row of rows) {
    const key = `${row.day}\u0000${row.type}\u0000${row.name}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { date: row.day, kind: kindOf(row.type), group_key: row.name, sum: new FiguresSum(prices) }));
    group.sum.add(row);
  }
  return [...groups.values()]
    .sort((a, b) => byteOrder(a.date, b.date) || byteOrder(a.kind, b.kind) || byteOrder(a.group_key, b.group_key))
    .map(({ date, kind: rowKind, group_key, sum }) => ({ date, kind: rowKind, group_key, ...sum.figures() }));
}
