import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { calcPrice, findProvider, type ModelPrice as DatasetPrice } from '@pydantic/genai-prices';
import type { ModelPrice } from '../domain/prices.js';
import { normaliseModel } from '../domain/model-id.js';

// The default prices: list prices of the major vendors' models from a maintained price dataset,
// the npm package @pydantic/genai-prices (its data ships inside the package and is never fetched
// at run time; upgrading the package updates the prices: docs/prices.md).

/** The vendors whose models are priced by default, in the order a model id is looked up. */
export const VENDORS = ['anthropic', 'openai', 'google', 'mistral', 'x-ai', 'deepseek'] as const;

const PACKAGE = '@pydantic/genai-prices';

/** The dataset's package and version, named wherever default prices are shown. */
export const PRICE_DATASET = (() => {
  const entry = createRequire(import.meta.url).resolve(PACKAGE);
  const manifest = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return { package: PACKAGE, version: manifest.version };
})();

/** A price the dataset gives as tiers by prompt size: the base tier (analytics sum calls, whose sizes are gone). */
const base = (value: DatasetPrice[string]) => (typeof value === 'number' ? value : value?.base);

/**
 * Our four prices from the dataset's: without an input or output price the model is not priced
 * (an embedding model, say); a cache price it leaves out is charged as input, the vendor's rule for
 * models without a discounted cache.
 */
function fromDataset(price: DatasetPrice): ModelPrice | undefined {
  const input = base(price.input_mtok);
  const output = base(price.output_mtok);
  if (input === undefined || output === undefined) return undefined;
  const cacheWrite = base(price.cache_write_mtok) ?? input;
  const cacheWrite1h = base(price.cache_write_1h_mtok);
  return { input, output, cacheRead: base(price.cache_read_mtok) ?? input, cacheWrite, ...(cacheWrite1h === undefined ? {} : { cacheWrite1h }) };
}

/** Model ids looked up so far; emptied when it grows past a bound, since events may name any id. */
const cache = new Map<string, ModelPrice | undefined>();
const CACHE_LIMIT = 10_000;

/**
 * The list price (USD per million tokens) of a model id as Quarterdeck stores it, matched the way
 * agents' ids are normalised (case, a `models/` prefix, a `[1m]` suffix); the dataset's own rules
 * match dated and aliased ids (`claude-sonnet-4-5-20250929`). undefined: not in the dataset.
 */
export function listPrice(modelId: string): ModelPrice | undefined {
  if (cache.has(modelId)) return cache.get(modelId);
  const id = normaliseModel(modelId);
  let found: ModelPrice | undefined;
  for (const vendor of VENDORS) {
    const match = calcPrice({}, id, { providerId: vendor });
    if (match) {
      found = fromDataset(match.model_price);
      break;
    }
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(modelId, found);
  return found;
}

export interface ListedModel {
  vendor: string;
  modelId: string;
  name: string;
  price: ModelPrice;
}

let listed: ListedModel[] | undefined;

/** Every current (not deprecated) priced model of the vendors, by vendor, then model id (read once). */
export function listedModels(): ListedModel[] {
  listed ??= VENDORS.flatMap((vendor) =>
    (findProvider({ providerId: vendor })?.models ?? [])
      .filter((model) => !model.deprecated)
      .flatMap((model) => {
        const match = calcPrice({}, model.id, { providerId: vendor });
        const price = match && fromDataset(match.model_price);
        return price ? [{ vendor, modelId: model.id, name: model.name ?? model.id, price }] : [];
      })
      .sort((a, b) => (a.modelId < b.modelId ? -1 : a.modelId > b.modelId ? 1 : 0)),
  );
  return listed;
}
