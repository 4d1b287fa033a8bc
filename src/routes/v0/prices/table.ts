import { byteOrder } from '../../../analytics/order.js';
import type { Db } from '../../../db/store.js';
import { modelsUsed, priceBookOf } from '../../../repositories/prices.js';
import { PRICE_DATASET } from '../../../repositories/list-prices.js';

/** The organization's price table: its settings, and every model it called or priced with the price that applies. */
export async function priceTableOf(db: Db, organizationId: string) {
  const [book, used] = await Promise.all([priceBookOf(db, organizationId), modelsUsed(db, organizationId)]);
  const lastUsed = new Map(used.map((model) => [model.modelId, model.lastDay]));
  const modelIds = [...new Set([...lastUsed.keys(), ...book.ownModels])].sort(byteOrder);
  const models = modelIds.map((modelId) => {
    const priced = book.priceOf(modelId);
    return { modelId, source: priced?.source ?? null, prices: priced?.price ?? null, lastUsed: lastUsed.get(modelId) ?? null };
  });
  return {
    ...book.settings,
    dataset: PRICE_DATASET,
    models,
    unpricedModels: models.filter((model) => model.prices === null && model.lastUsed !== null).map((model) => model.modelId),
  };
}

