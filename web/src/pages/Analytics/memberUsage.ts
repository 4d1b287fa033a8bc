import type { AnalyticsUserRow } from '../../../../src/sdk/client.js';

// A member's figures over the range, from its daily /users rows.

/** A model's part of a member's usage over the range. */
export interface ModelShare {
  model: string;
  credits: number;
  /** Null: the model has no price. */
  spend: number | null;
}

export interface MemberUsage {
  /** At the organization's prices; `unpricedModels` are left out of it. */
  spend: number;
  unpricedModels: string[];
  credits: number;
  sessions: number;
  pullRequests: number;
  toolCalls: number;
  primaryModel: string | null;
  /** Most spend first (then credits, then name); empty when the rows predate `by_model`. */
  models: ModelShare[];
  delegationLevel: string | null;
  lastActiveDay: string | null;
}

/** The value with the largest weight; ties the smallest in byte order (stable across renders). */
function heaviest(weights: Map<string, number>): string | null {
  let best: string | null = null;
  for (const [key, weight] of weights) if (best === null || weight > weights.get(best)! || (weight === weights.get(best) && key < best)) best = key;
  return best;
}

// Credits and costs are fixed point with 6 decimals (the API's): added as whole micro-units, so a
// month of 0.1-credit days is 747319.6, not 747319.6000000001 (in the table and its CSV).
const micros = (amount: number) => Math.round(amount * 1e6);

export function usageOf(rows: readonly AnalyticsUserRow[]): MemberUsage {
  const models = new Map<string, number>();
  const levels = new Map<string, number>();
  const unpriced = new Set<string>();
  const shares = new Map<string, ModelShare>();
  const usage: MemberUsage = { spend: 0, unpricedModels: [], credits: 0, sessions: 0, pullRequests: 0, toolCalls: 0, primaryModel: null, models: [], delegationLevel: null, lastActiveDay: null };
  for (const row of rows) {
    // A day aggregated before prices existed carries no cost until the rollup computes it again.
    usage.spend += micros(row.cost ?? 0);
    for (const model of row.unpriced_models ?? []) unpriced.add(model);
    usage.credits += micros(row.billable_tokens);
    usage.sessions += row.sessions;
    usage.pullRequests += row.git_prs_created;
    usage.toolCalls += row.tool_calls;
    // A day's primary model carries that day's credits: the range's primary model is the one
    // with the most credits on the days it was primary.
    models.set(row.primary_model, (models.get(row.primary_model) ?? 0) + row.billable_tokens);
    levels.set(row.delegation_level, (levels.get(row.delegation_level) ?? 0) + 1);
    for (const model of row.by_model ?? []) {
      const share = shares.get(model.model_id) ?? { model: model.model_id, credits: 0, spend: null };
      share.credits += micros(model.billable_tokens);
      // A model priced on some days only: the priced days' spend (its unpriced days are named in unpricedModels).
      if (typeof model.cost === 'number') share.spend = (share.spend ?? 0) + micros(model.cost);
      shares.set(model.model_id, share);
    }
    if (usage.lastActiveDay === null || row.date > usage.lastActiveDay) usage.lastActiveDay = row.date;
  }
  usage.spend /= 1e6;
  usage.credits /= 1e6;
  for (const share of shares.values()) {
    share.credits /= 1e6;
    if (share.spend !== null) share.spend /= 1e6;
  }
  usage.unpricedModels = [...unpriced].sort();
  usage.primaryModel = heaviest(models);
  usage.models = [...shares.values()].sort((a, b) => (b.spend ?? -1) - (a.spend ?? -1) || b.credits - a.credits || (a.model < b.model ? -1 : 1));
  usage.delegationLevel = heaviest(levels);
  return usage;
}

/** Byte order of ids, as the /users cursor sorts them. */
export function byId<T extends { id: string }>(a: T, b: T): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The median of the values (the mean of the middle two for an even count); 0 for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each member's usage over the rows of many members (all pages of /users). */
export function usageByMember(rows: readonly AnalyticsUserRow[]): Map<string, MemberUsage> {
  const rowsByUser = new Map<string, AnalyticsUserRow[]>();
  for (const row of rows) rowsByUser.set(row.user_id, [...(rowsByUser.get(row.user_id) ?? []), row]);
  return new Map([...rowsByUser].map(([userId, own]) => [userId, usageOf(own)]));
}
