// Standard Credits of a model call (decisions.md §4): the client's billableTokens when given,
// else raw tokens with the cache discount, times the model's multiplier. Not rounded.

export type ModelCatalogue = ReadonlyMap<string, number>;

export interface ModelUsage {
  modelId: string;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  billableTokens?: number | undefined;
}

const CACHE_READ_WEIGHT = 0.1;

export function standardCredits(usage: ModelUsage, catalogue: ModelCatalogue): number {
  if (usage.billableTokens !== undefined) return usage.billableTokens;
  const multiplier = catalogue.get(usage.modelId) ?? 1;
  return (usage.inputTokens + usage.outputTokens + usage.cacheWriteTokens + CACHE_READ_WEIGHT * usage.cacheReadTokens) * multiplier;
}
