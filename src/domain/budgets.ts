// Budgets (docs/budgets.md): a monthly amount of money or Standard Credits for the organization or
// one of its teams, and the percentages of it at which a budget.threshold_crossed event is sent.

export const BUDGET_SCOPES = ['organization', 'team'] as const;
export type BudgetScope = (typeof BUDGET_SCOPES)[number];

/** money: in the organization's price currency (docs/prices.md); credits: Standard Credits. */
export const BUDGET_UNITS = ['money', 'credits'] as const;
export type BudgetUnit = (typeof BUDGET_UNITS)[number];

export const DEFAULT_THRESHOLDS: readonly number[] = [50, 80, 100];
/**
 * The shares of a member's credit limit (percent) at which they are warned (member.limit_warning),
 * before member.limit_reached at 100 %: the dashboard's and the limits page's 75 and 90 %.
 */
export const MEMBER_WARNING_THRESHOLDS: readonly number[] = [75, 90];
export const MIN_THRESHOLD = 1;
export const MAX_THRESHOLD = 1000;
export const MAX_THRESHOLDS = 20;
/** The largest amount a budget may have (numeric(24,6) holds far more; this keeps sums exact in JS). */
export const MAX_BUDGET_AMOUNT = 1_000_000_000;

/** Where a budget stands in a month (analytics/budget-figures.ts computes it; the API shows it). */
export interface BudgetFigures {
  month: string;
  spent: number;
  percent: number;
  thresholdsReached: number[];
}

/** Percentages ascending, each once. */
export function normalizedThresholds(thresholds: readonly number[]): number[] {
  return [...new Set(thresholds)].sort((a, b) => a - b);
}

/** What share of `amount` is spent, in percent, to two decimals. */
export function percentOf(spent: number, amount: number): number {
  return Math.round((spent / amount) * 10_000) / 100;
}

/** The thresholds `spent` has reached: spent >= threshold % of amount. */
export function thresholdsReached(spent: number, amount: number, thresholds: readonly number[]): number[] {
  // In micro-units, so 80 % of 0.5 is reached by exactly 0.4 whatever the binary fractions.
  const spentMicros = Math.round(spent * 1_000_000);
  return thresholds.filter((threshold) => spentMicros * 100 >= Math.round(amount * 1_000_000) * threshold);
}
