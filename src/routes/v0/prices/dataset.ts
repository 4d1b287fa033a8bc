import { Type } from '@sinclair/typebox';
import type { App } from '../../../http/context.js';
import { DATASET_CURRENCY } from '../../../domain/prices.js';
import { listedModels, PRICE_DATASET } from '../../../repositories/list-prices.js';
import { Dataset, ShownPrices } from './schemas.js';

// GET /api/v0/organization/prices/dataset — the default prices: every current model of the major
// vendors in the price dataset, in USD per million tokens.
export default async function getDatasetRoute(app: App) {
  app.get(
    '/organization/prices/dataset',
    {
      schema: {
        summary: 'The default prices of the price dataset',
        tags: ['prices'],
        response: {
          200: Type.Object({
            dataset: Dataset,
            currency: Type.Literal(DATASET_CURRENCY),
            models: Type.Array(Type.Object({ vendor: Type.String(), modelId: Type.String(), name: Type.String(), price: ShownPrices })),
          }),
        },
      },
    },
    async () => ({ dataset: PRICE_DATASET, currency: DATASET_CURRENCY, models: listedModels() }),
  );
}
