import { addDays, dayOf } from './dates.js';

// The weekly digest's figures (docs/webhooks.md, "The weekly digest"), from the rolled-up rows of
// the week and of the weeks before it. Ids and figures only: model ids, member ids, repository
// ids and team ids, never names typed by people or content.

/** How many members and repositories the digest lists. */
export const DIGEST_TOP = 5;
/** The weeks a spike is measured against. */
export const TRAILING_WEEKS = 4;
/** A week is a spike when its billable tokens reach this multiple of the trailing weeks' mean. */
export const SPIKE_RATIO = 1.5;

export interface Week {
  /** Monday (UTC), YYYY-MM-DD. */
  start: string;
  /** The Sunday after it. */
  end: string;
}

/** The latest week (Monday to Sunday, UTC) that has ended at `now`. */
export function lastEndedWeek(now: Date): Week {
  const today = dayOf(now);
  const weekday = (now.getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  const start = addDays(today, -weekday - 7);
  return { start, end: addDays(start, 6) };
}

/** What a figure is made of: tokens always, a cost only when its models have a price. */
export interface Spend {
  billableTokens: number;
  /** At the organization's prices; leaves out the models without one. */
  cost: number;
}

/** One day's tokens row, as the rollup stores it (the fields the digest reads). */
export interface DigestDay {
  date: string;
  billable_tokens: number;
  cost?: number;
  unpriced_models?: string[];
  by_model: { model_id: string; billable_tokens: number; cost?: number | null }[];
  by_user: { user_id: string; billable_tokens: number; cost?: number }[];
}

export interface DigestInput {
  week: Week;
  currency: string;
  /** Tokens rows of the week and of the TRAILING_WEEKS before it, in any order. */
  days: DigestDay[];
  repositories: { repository: string; billable_tokens: number; cost?: number }[];
  /** The week's group_by=team tokens rows (one per team and day). */
  teamDays: { group_key: string; billable_tokens: number; cost?: number | null }[];
}

export interface Spike {
  /** null: the organization's total. */
  modelId: string | null;
  billableTokens: number;
  trailingWeeklyMean: number;
  ratio: number;
}

export interface WeeklyDigest {
  weekStart: string;
  weekEnd: string;
  currency: string;
  billableTokens: number;
  cost: number;
  unpricedModels: string[];
  models: ({ modelId: string } & Spend)[];
  topMembers: ({ userId: string } & Spend)[];
  topRepositories: ({ repository: string } & Spend)[];
  teams: ({ teamId: string } & Spend)[];
  spikes: Spike[];
}

// Money is summed from rows rounded to millionths; so is the sum.
const money = (value: number) => Math.round(value * 1e6) / 1e6;

function add(totals: Map<string, Spend>, key: string, billableTokens: number, cost: number | null | undefined): void {
  const spend = totals.get(key) ?? { billableTokens: 0, cost: 0 };
  totals.set(key, { billableTokens: spend.billableTokens + billableTokens, cost: money(spend.cost + (cost ?? 0)) });
}

/** Most cost first, then most tokens, then the id (byte order), so equal figures list the same way each time. */
function ranked<K extends string>(totals: Map<string, Spend>, name: K, limit = Infinity): ({ [P in K]: string } & Spend)[] {
  return [...totals]
    .sort(([a, x], [b, y]) => y.cost - x.cost || y.billableTokens - x.billableTokens || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([id, spend]) => ({ [name]: id, ...spend }) as { [P in K]: string } & Spend);
}

/**
 * Spikes: the week's billable tokens, in total and per model, against the mean of the
 * TRAILING_WEEKS before it (a week without usage counts as 0). A model new this week has no mean
 * to be measured against: it is listed in `models`, not here.
 */
function spikesOf(input: DigestInput): Spike[] {
  const trailingStart = addDays(input.week.start, -7 * TRAILING_WEEKS);
  const week = new Map<string | null, number>();
  const trailing = new Map<string | null, number>();
  for (const day of input.days) {
    const into = day.date >= input.week.start && day.date <= input.week.end ? week : day.date >= trailingStart && day.date < input.week.start ? trailing : null;
    if (!into) continue;
    into.set(null, (into.get(null) ?? 0) + day.billable_tokens);
    for (const model of day.by_model) into.set(model.model_id, (into.get(model.model_id) ?? 0) + model.billable_tokens);
  }
  const spikes: Spike[] = [];
  for (const [modelId, billableTokens] of week) {
    const trailingWeeklyMean = (trailing.get(modelId) ?? 0) / TRAILING_WEEKS;
    if (trailingWeeklyMean > 0 && billableTokens >= SPIKE_RATIO * trailingWeeklyMean) {
      spikes.push({ modelId, billableTokens, trailingWeeklyMean, ratio: Math.round((billableTokens / trailingWeeklyMean) * 100) / 100 });
    }
  }
  return spikes.sort((a, b) => b.ratio - a.ratio || (a.modelId ?? '').localeCompare(b.modelId ?? ''));
}

/** The digest of `input.week`, or null when the week had no model calls (no digest is sent). */
export function weeklyDigest(input: DigestInput): WeeklyDigest | null {
  const days = input.days.filter((day) => day.date >= input.week.start && day.date <= input.week.end);
  const billableTokens = days.reduce((sum, day) => sum + day.billable_tokens, 0);
  if (billableTokens === 0) return null;
  const models = new Map<string, Spend>();
  const members = new Map<string, Spend>();
  const repositories = new Map<string, Spend>();
  const teams = new Map<string, Spend>();
  for (const day of days) {
    for (const model of day.by_model) add(models, model.model_id, model.billable_tokens, model.cost);
    for (const user of day.by_user) add(members, user.user_id, user.billable_tokens, user.cost);
  }
  for (const row of input.repositories) add(repositories, row.repository, row.billable_tokens, row.cost);
  for (const row of input.teamDays) add(teams, row.group_key, row.billable_tokens, row.cost);
  return {
    weekStart: input.week.start,
    weekEnd: input.week.end,
    currency: input.currency,
    billableTokens,
    cost: money(days.reduce((sum, day) => sum + (day.cost ?? 0), 0)),
    unpricedModels: [...new Set(days.flatMap((day) => day.unpriced_models ?? []))].sort(),
    models: ranked(models, 'modelId'),
    topMembers: ranked(members, 'userId', DIGEST_TOP),
    topRepositories: ranked(repositories, 'repository', DIGEST_TOP),
    teams: ranked(teams, 'teamId'),
    spikes: spikesOf(input),
  };
}
