import { Type, type Static } from '@sinclair/typebox';
import { fromMicroCredits, toMicroCredits } from '../domain/micro-credits.js';
import { costMicros, type PriceBook } from '../domain/prices.js';
import { byteOrder } from './order.js';

// Token sums read from the day cells (migrations/0035) and what the two extensions that read
// cells directly answer of them — the attributed costs and today so far: tokens, the cost at the
// organization's prices and the cost the agents reported. A cost is computed per model from a
// group's token sums (rounded once, in micro-units) and summed, as the rollup does
// (src/analytics/cost.ts), so the figures add up exactly.

/** The sums of the cells of one group and model, as the store answers them (numeric: text). */
export interface CellSums {
  model_id: string | null;
  input_tokens: string | number | null;
  output_tokens: string | number | null;
  cache_read_tokens: string | number | null;
  cache_write_tokens: string | number | null;
  /** Of them, the 1-hour cache writes (priced apart). */
  cache_write_1h_tokens: string | number | null;
  /** Micro-dollars the events reported, and how many reported one. */
  reported_cost_micros: string | number | null;
  reported_costs: string | number | null;
}

const Num = Type.Number();

/** The figures of a row: tokens, cost at the organization's prices, reported cost. */
export const UsageFigures = {
  input_tokens: Num,
  output_tokens: Num,
  cache_read_tokens: Num,
  cache_write_tokens: Num,
  cost: Type.Number({ description: "At the organization's prices, in meta.currency; leaves out unpriced_models" }),
  unpriced_models: Type.Array(Type.String(), { description: 'Models of this row that have no price (their tokens are not in `cost`)' }),
  reported_cost_usd: Type.Union([Num, Type.Null()], { description: 'The cost the agent reported itself (USD); null when none did' }),
};

const UsageFiguresObject = Type.Object(UsageFigures);
export type UsageFigures = Static<typeof UsageFiguresObject>;

/** The model of usage that names none (a cost counter without its model): never priced. */
export const NO_MODEL = '(none)';

/** Adds cell sums up, one model at a time, into a row's figures. */
export class FiguresSum {
  private input = 0;
  private output = 0;
  private cacheRead = 0;
  private cacheWrite = 0;
  private costMicros = 0;
  private readonly unpriced = new Set<string>();
  private reportedMicros = 0;
  private reported = 0;

  constructor(private readonly prices: PriceBook) {}

  /** One group-and-model's sums (its cost computed from them as a whole). */
  add(sums: CellSums): this {
    const tokens = {
      input: Number(sums.input_tokens ?? 0),
      output: Number(sums.output_tokens ?? 0),
      cacheRead: Number(sums.cache_read_tokens ?? 0),
      cacheWrite: Number(sums.cache_write_tokens ?? 0),
      cacheWrite1h: Number(sums.cache_write_1h_tokens ?? 0),
    };
    this.input += tokens.input;
    this.output += tokens.output;
    this.cacheRead += tokens.cacheRead;
    this.cacheWrite += tokens.cacheWrite;
    if (tokens.input + tokens.output + tokens.cacheRead + tokens.cacheWrite > 0) {
      const priced = sums.model_id === null ? undefined : this.prices.priceOf(sums.model_id);
      if (priced) this.costMicros += costMicros(tokens, priced.price, this.prices.settings.discount);
      else this.unpriced.add(sums.model_id ?? NO_MODEL);
    }
    this.reportedMicros += Number(sums.reported_cost_micros ?? 0);
    this.reported += Number(sums.reported_costs ?? 0);
    return this;
  }

  figures(): UsageFigures {
    return {
      input_tokens: this.input,
      output_tokens: this.output,
      cache_read_tokens: this.cacheRead,
      cache_write_tokens: this.cacheWrite,
      cost: fromMicroCredits(this.costMicros),
      unpriced_models: [...this.unpriced].sort(byteOrder),
      reported_cost_usd: this.reported === 0 ? null : fromMicroCredits(this.reportedMicros),
    };
  }

  /** The cost in micro-units, to order rows by. */
  get micros(): number {
    return this.costMicros;
  }
}

/** Credits as the cells sum them (numeric text), in exact micro-credits. */
export const creditMicrosOf = (credits: string | number | null) => (credits === null ? 0 : toMicroCredits(Number(credits)));
