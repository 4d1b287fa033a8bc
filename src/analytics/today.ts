import { Type, type Static } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { dayOf } from '../domain/dates.js';
import { fromMicroCredits } from '../domain/micro-credits.js';
import type { PriceBook } from '../domain/prices.js';
import { StringEnum } from '../schemas/common.js';
import { NO_GROUP } from './assemble.js';
import { byteOrder } from './order.js';
import { creditMicrosOf, FiguresSum, UsageFigures, type CellSums } from './usage-figures.js';

// Today so far (GET /api/v1/analytics/today, docs/analytics.md "Today, live"): the day in
// progress (UTC) per person, model and agent product, from the day's cells, which the statement
// that stores each event keeps (migrations/0035): an answer counts every event committed before
// it, so it is never more than the request's own time behind. It is apart from the seed's
// analytics, which keep their day rule (yesterday at the latest, from the daily rollup), and it is
// partial: the day is not over, and late events for it may still come.

export const TODAY_DIMENSIONS = ['user', 'model', 'agent'] as const;
export type TodayDimension = (typeof TODAY_DIMENSIONS)[number];

export const TodayRow = Type.Object({
  dimension: StringEnum(['total', ...TODAY_DIMENSIONS] as const, { description: 'total (one row), or the breakdown the row is of' }),
  group_key: Type.String({ description: `The user id, model id or agent product; "${NO_GROUP}" for events of no agent product; "" for the total` }),
  user_email: Type.Union([Type.String(), Type.Null()], { description: "The user's e-mail (user rows only)" }),
  model_calls: Type.Integer(),
  billable_tokens: Type.Number({ description: 'Standard Credits' }),
  ...UsageFigures,
});
export type TodayRow = Static<typeof TodayRow>;

interface CellGroup extends CellSums {
  user_id: string;
  user_email: string | null;
  agent: string | null;
  calls: string | number;
  credits: string | number | null;
}

class TodaySum {
  calls = 0;
  creditMicros = 0;
  readonly figures: FiguresSum;
  constructor(prices: PriceBook) {
    this.figures = new FiguresSum(prices);
  }
}

/**
 * The total first, then each dimension's rows by cost descending, then Standard Credits
 * descending, then key (byte order). A cost is computed per person, agent product, repository and
 * model, as the rollup will compute the day (src/analytics/cost.ts), and summed.
 */
export async function todayRows(db: Db, organizationId: string, prices: PriceBook, now: Date, only?: TodayDimension): Promise<{ date: string; rows: TodayRow[] }> {
  const date = dayOf(now);
  const { rows } = await sql<CellGroup>`
    SELECT cells.user_id, users.email AS user_email, cells.agent, cells.model_id,
      sum(cells.events) AS calls, sum(cells.credits) AS credits,
      sum(cells.input_tokens) AS input_tokens, sum(cells.output_tokens) AS output_tokens,
      sum(cells.cache_read_tokens) AS cache_read_tokens, sum(cells.cache_write_tokens) AS cache_write_tokens, sum(cells.cache_write_1h_tokens) AS cache_write_1h_tokens,
      sum(cells.reported_cost_micros) AS reported_cost_micros, sum(cells.reported_costs) AS reported_costs
    FROM telemetry_day_cells AS cells LEFT JOIN users ON users.id = cells.user_id
    WHERE cells.organization_id = ${organizationId} AND cells.day = ${date}::date AND cells.type = 'model_call'
    GROUP BY cells.user_id, users.email, cells.agent, cells.repository, cells.model_id`.execute(db);
  const total = new TodaySum(prices);
  const groups = new Map<TodayDimension, Map<string, TodaySum & { email?: string | null }>>(TODAY_DIMENSIONS.map((dimension) => [dimension, new Map()]));
  const keyOf: Record<TodayDimension, (row: CellGroup) => string> = {
    user: (row) => row.user_id,
    model: (row) => row.model_id ?? NO_GROUP,
    agent: (row) => row.agent ?? NO_GROUP,
  };
  const groupOf = (dimension: TodayDimension, row: CellGroup) => {
    const own = groups.get(dimension)!;
    const key = keyOf[dimension](row);
    let group = own.get(key);
    if (!group) own.set(key, (group = Object.assign(new TodaySum(prices), { email: dimension === 'user' ? row.user_email : null })));
    return group;
  };
  const addTo = (sum: TodaySum, row: CellGroup) => {
    sum.calls += Number(row.calls);
    sum.creditMicros += creditMicrosOf(row.credits);
    sum.figures.add(row);
  };
  for (const row of rows) {
    addTo(total, row);
    for (const dimension of TODAY_DIMENSIONS) addTo(groupOf(dimension, row), row);
  }
  const rowOf = (dimension: TodayRow['dimension'], group_key: string, sum: TodaySum, user_email: string | null): TodayRow => ({
    dimension,
    group_key,
    user_email,
    model_calls: sum.calls,
    billable_tokens: fromMicroCredits(sum.creditMicros),
    ...sum.figures.figures(),
  });
  const answer: TodayRow[] = only ? [] : [rowOf('total', '', total, null)];
  for (const dimension of only ? [only] : TODAY_DIMENSIONS) {
    const ordered = [...groups.get(dimension)!].sort(
      ([keyA, a], [keyB, b]) => b.figures.micros - a.figures.micros || b.creditMicros - a.creditMicros || byteOrder(keyA, keyB),
    );
    for (const [key, sum] of ordered) answer.push(rowOf(dimension, key, sum, sum.email ?? null));
  }
  return { date, rows: answer };
}
