// Prices (docs/prices.md): what an organization pays per million tokens of a model, and the cost
// of token counts at those prices. Costs are kept like credits, in whole micro-units of the
// organization's currency (src/domain/micro-credits.ts): rounded once per user, agent product and
// model of a day, and every sum after that is a sum of integers.

/** A model's price per million tokens of each kind, in the organization's currency. */
export interface ModelPrice {
  input: number;
  output: number;
  cacheRead: number;
  /** A cache write (a 5-minute one, where the vendor has two tiers). */
  cacheWrite: number;
  /** A 1-hour cache write, where the price dataset has one (Anthropic: twice the input price); else cacheWrite. */
  cacheWrite1h?: number;
}

export const PRICE_KINDS = ['input', 'output', 'cacheRead', 'cacheWrite'] as const;

/** Where a model's price comes from: the organization's own, or the dataset's list price. */
export type PriceSource = 'organization' | 'dataset';

export interface PriceSettings {
  /** ISO 4217 code, upper case. */
  currency: string;
  /** Applied to every price: 0.8 is 20 % off. */
  discount: number;
}

export const DEFAULT_PRICE_SETTINGS: PriceSettings = { currency: 'USD', discount: 1 };

/** The dataset's list prices are in US dollars: in another currency only the organization's own prices apply. */
export const DATASET_CURRENCY = 'USD' as const;

export const CURRENCY_PATTERN = '^[A-Z]{3}$';
/** A discount factor: 0 (free) to 1 (list price); above 1 is a surcharge, allowed up to 10. */
export const MAX_DISCOUNT = 10;
/** Prices per million tokens: at most this much, and at most 6 decimals (a micro-unit per token). */
export const MAX_PRICE_PER_MILLION = 1_000_000;

/** Token counts of one user, agent product and model over a day. */
export interface TokenCounts {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /** Of cacheWrite, the tokens written to the 1-hour cache (0 or absent: none said). */
  cacheWrite1h?: number;
}

/**
 * The cost of token counts in whole micro-units of the currency: a price per million tokens is a
 * price in micro-units per token, so the cost is the tokens times the prices, times the discount,
 * rounded once.
 */
export function costMicros(tokens: TokenCounts, price: ModelPrice, discount: number): number {
  const oneHour = tokens.cacheWrite1h ?? 0;
  const cacheWrites = (tokens.cacheWrite - oneHour) * price.cacheWrite + oneHour * (price.cacheWrite1h ?? price.cacheWrite);
  const list = tokens.input * price.input + tokens.output * price.output + tokens.cacheRead * price.cacheRead + cacheWrites;
  return Math.round(list * discount);
}

/**
 * Prices of an organization: its own per-model prices first, then the dataset's list prices when
 * it prices in the dataset's currency. undefined: the model has no price (shown as such, never as
 * zero).
 */
export interface PriceBook {
  settings: PriceSettings;
  /** The models the organization priced itself. */
  ownModels: readonly string[];
  priceOf(modelId: string): { price: ModelPrice; source: PriceSource } | undefined;
}

export function priceBook(settings: PriceSettings, own: ReadonlyMap<string, ModelPrice>, listPrice: (modelId: string) => ModelPrice | undefined): PriceBook {
  return {
    settings,
    ownModels: [...own.keys()],
    priceOf(modelId) {
      const price = own.get(modelId);
      if (price) return { price, source: 'organization' };
      const listed = settings.currency === DATASET_CURRENCY ? listPrice(modelId) : undefined;
      return listed && { price: listed, source: 'dataset' };
    },
  };
}

/** No prices at all (a day without model calls needs none). */
export const NO_PRICES: PriceBook = priceBook(DEFAULT_PRICE_SETTINGS, new Map(), () => undefined);
