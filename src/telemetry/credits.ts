import { fromMicroCredits, toMicroCredits } from '../domain/micro-credits.js';

// Standard Credits of a model call (decisions.md §4): the client's billableTokens when given,
// else raw tokens with the cache discount, times the model's multiplier. Rounded once, here, to
// whole micro-credits (src/domain/micro-credits.ts): every sum after this is exact.

export type ModelCatalogue = ReadonlyMap<string, number>;

export interface ModelUsage {
  modelId: string;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  billableTokens?: number | undefined;
}

/** A cache read costs a tenth of a token: 100,000 micro-credits, so the base stays an integer. */
const MICROS_PER_TOKEN = 1_000_000;
const MICROS_PER_CACHE_READ = 100_000;

export function standardCredits(usage: ModelUsage, catalogue: ModelCatalogue): number {
  if (usage.billableTokens !== undefined) return fromMicroCredits(toMicroCredits(usage.billableTokens));
  const multiplier = catalogue.get(usage.modelId) ?? 1;
  const baseMicros = (usage.inputTokens + usage.outputTokens + usage.cacheWriteTokens) * MICROS_PER_TOKEN + usage.cacheReadTokens * MICROS_PER_CACHE_READ;
  return fromMicroCredits(Math.round(baseMicros * multiplier));
}
