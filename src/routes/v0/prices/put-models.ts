import { Type } from '@sinclair/typebox';
import { invalidInput } from '../../../domain/errors.js';
import { PRICE_KINDS } from '../../../domain/prices.js';
import { MANAGERS } from '../../../domain/roles.js';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf, requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { setModelPrices } from '../../../repositories/prices.js';
import { ModelId } from '../../../telemetry/events.js';
import { PriceTable, Prices } from './schemas.js';
import { priceTableOf } from './table.js';

// PUT /api/v0/organization/prices/models — the organization's own prices of models, in bulk:
// a price replaces the dataset's (or prices a model it lacks); null goes back to the dataset's.
// All entries apply together or none does; the costs of every day with model calls are recomputed.

/** A price is a whole number of micro-units per token: more decimals would be lost in the cost. */
const PRICE_DECIMALS = 6;
const hasAtMostSixDecimals = (value: number) => Number(value.toFixed(PRICE_DECIMALS)) === value;

export default async function putModelPricesRoute(app: App) {
  app.put(
    '/organization/prices/models',
    {
      preHandler: requireRole(MANAGERS),
      schema: {
        summary: "Set or remove the organization's own prices of models",
        tags: ['prices'],
        body: Type.Object(
          {
            models: Type.Array(
              Type.Object(
                { modelId: { ...ModelId, description: 'As the events name it' }, prices: Type.Union([Prices, Type.Null()], { description: "null: back to the dataset's price" }) },
                { additionalProperties: false },
              ),
              { minItems: 1, maxItems: 100 },
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: PriceTable },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const { models } = request.body;
      const errors = models.flatMap((entry, i) => [
        ...(models.findIndex((other) => other.modelId === entry.modelId) < i ? [{ path: `/models/${i}/modelId`, message: 'appears twice' }] : []),
        ...PRICE_KINDS.filter((kind) => entry.prices !== null && !hasAtMostSixDecimals(entry.prices[kind])).map((kind) => ({
          path: `/models/${i}/prices/${kind}`,
          message: `at most ${PRICE_DECIMALS} decimals`,
        })),
      ]);
      if (errors.length > 0) throw invalidInput('some model prices are invalid', errors);
      await setModelPrices(app.services.db, organizationId, models.map((entry) => ({ modelId: entry.modelId, price: entry.prices })), auditActorOf(request));
      return priceTableOf(app.services.db, organizationId);
    },
  );
}
