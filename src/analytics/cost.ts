import { fromMicroCredits } from '../domain/micro-credits.js';
import { costMicros, type PriceBook } from '../domain/prices.js';
import type { Cell } from './cell.js';
import { byteOrder } from './order.js';

// The cost of a day's model calls at the organization's prices (docs/prices.md), beside their
// credits. A cost is computed once per user, agent product, repository and model of the day from
// that group's token sums, rounded to a micro-unit of the currency; every figure of the day (the
// organization's, a model's, a user's, an agent product's, a repository's) is a sum of those, so the figures add up exactly. A
// model without a price has no cost: its figures say null, and the totals that leave it out name it.

/** A group's cost: the sum of its priced models' costs, and the models it holds that have no price. */
export interface Cost {
  cost: number;
  unpriced_models: string[];
}

/** What the agents reported themselves (USD, summed exactly); null when none of the calls reported one. */
export function reportedCostUsd(calls: Cell[]): number | null {
  let reported = 0;
  let micros = 0;
  for (const cell of calls) {
    reported += cell.reported_costs ?? 0;
    micros += cell.reported_cost_micros ?? 0;
  }
  return reported === 0 ? null : fromMicroCredits(micros);
}

const groupOf = (cell: Cell) => `${cell.user_id}\u0000${cell.agent ?? ''}\u0000${cell.repository ?? ''}\u0000${cell.model_id}`;

/** One (user, agent product, repository, model) group's token sums, and its cost in micro-units (null: no price). */
interface Group {
  model: string;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  cacheWrite1h: number;
  micros: number | null;
}

/** The day's costs, from its model-call cells. */
export interface DayCosts {
  /** The cost of cells that make up whole (user, agent product, model) groups. */
  of(calls: Cell[]): Cost;
  /** The cost of one model's cells; null when it has no price. */
  ofModel(calls: Cell[]): number | null;
}

export function dayCosts(calls: Cell[], prices: PriceBook): DayCosts {
  // Each cell's group is found once: the day's figures ask for the groups of thousands of cell lists.
  const groupOfCell = new Map<Cell, Group>();
  const groups = new Map<string, Group>();
  for (const cell of calls) {
    const key = groupOf(cell);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { model: cell.model_id!, input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, micros: null }));
    group.input += cell.input_tokens ?? 0;
    group.output += cell.output_tokens ?? 0;
    group.cacheRead += cell.cache_read_tokens ?? 0;
    group.cacheWrite += cell.cache_write_tokens ?? 0;
    group.cacheWrite1h += cell.cache_write_1h_tokens ?? 0;
    groupOfCell.set(cell, group);
  }
  for (const group of groups.values()) {
    const priced = prices.priceOf(group.model);
    group.micros = priced ? costMicros(group, priced.price, prices.settings.discount) : null;
  }
  return {
    of(cells) {
      let micros = 0;
      const unpriced = new Set<string>();
      for (const group of new Set(cells.map((cell) => groupOfCell.get(cell)!))) {
        if (group.micros === null) unpriced.add(group.model);
        else micros += group.micros;
      }
      return { cost: fromMicroCredits(micros), unpriced_models: [...unpriced].sort(byteOrder) };
    },
    ofModel(cells) {
      const { cost, unpriced_models } = this.of(cells);
      return unpriced_models.length > 0 ? null : cost;
    },
  };
}
