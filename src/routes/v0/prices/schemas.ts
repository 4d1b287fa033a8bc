import { Type } from '@sinclair/typebox';
import { MAX_DISCOUNT, MAX_PRICE_PER_MILLION } from '../../../domain/prices.js';

// The shapes of the prices endpoints (docs/prices.md).

const PerMillion = Type.Number({ minimum: 0, maximum: MAX_PRICE_PER_MILLION, description: 'Per million tokens, in the currency; at most 6 decimals' });

export const Prices = Type.Object(
  { input: PerMillion, output: PerMillion, cacheRead: PerMillion, cacheWrite: PerMillion },
  { additionalProperties: false, description: 'List prices per million tokens, before the discount' },
);

/** A price as the table shows it: with the dataset's 1-hour cache-write price where it has one (docs/prices.md "Cache-write tiers"). */
export const ShownPrices = Type.Object(
  {
    ...Prices.properties,
    cacheWrite1h: Type.Optional({ ...PerMillion, description: "A 1-hour cache write, per million tokens: the dataset's, where it prices that tier apart (absent: cacheWrite)" }),
  },
  { additionalProperties: false, description: 'Prices per million tokens, before the discount' },
);

export const Dataset = Type.Object({ package: Type.String(), version: Type.String() }, { description: 'Where the default prices come from' });

export const PriceTable = Type.Object({
  currency: Type.String(),
  discount: Type.Number({ description: 'Applied to every price: 0.8 is 20 % off' }),
  dataset: Dataset,
  models: Type.Array(
    Type.Object({
      modelId: Type.String(),
      source: Type.Union([Type.Literal('organization'), Type.Literal('dataset'), Type.Null()], { description: 'null: the model has no price' }),
      prices: Type.Union([ShownPrices, Type.Null()]),
      lastUsed: Type.Union([Type.String({ format: 'date' }), Type.Null()], { description: 'The last day (UTC) with calls to the model; null: never called' }),
    }),
    { description: 'The models the organization called and those it priced, by model id (byte order)' },
  ),
  unpricedModels: Type.Array(Type.String(), { description: 'Models called that have no price: their cost is not counted' }),
});

export const DISCOUNT = Type.Number({ minimum: 0, maximum: MAX_DISCOUNT, description: 'Factor applied to every price: 0.8 is 20 % off' });
