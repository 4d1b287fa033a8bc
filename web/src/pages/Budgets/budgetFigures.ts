import type { Budget, MemberLimitStatus } from '../../api/client';
import { standing, type Standing } from '../../components/Standing';
import { formatExact, formatMoney } from '../../format';

// How the console writes a budget's figures: money in its currency, credits as numbers.

export function formatBudgetAmount(budget: Pick<Budget, 'unit' | 'currency'>, value: number): string {
  return budget.unit === 'money' ? formatMoney(value, budget.currency ?? 'USD') : `${formatExact(value)} credits`;
}

/** A member is "near" their credit limit from this share on (dashboard list, limits page, colours). */
export const NEAR_LIMIT_PERCENT = 75;

/** A budget's standing: yellow from its first threshold (the first warning it sends). */
export function budgetStanding(budget: Pick<Budget, 'spent' | 'amount' | 'forecast' | 'percent' | 'thresholds'>, now?: Date): Standing {
  return standing({ used: budget.spent, amount: budget.amount, forecast: budget.forecast, percent: budget.percent, warnAt: budget.thresholds[0] ?? 100 }, now);
}

/** A member's standing against their effective credit limit, the same on every page. */
export function memberStanding(member: Pick<MemberLimitStatus, 'used' | 'limit' | 'forecast' | 'percent'>, now?: Date): Standing {
  return standing({ used: member.used, amount: member.limit, forecast: member.forecast, percent: member.percent, warnAt: NEAR_LIMIT_PERCENT }, now);
}

/** "50, 80, 100" → [50, 80, 100]; null when a part is not a whole number. */
export function parseThresholds(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0 || parts.some((part) => !/^\d+$/.test(part))) return null;
  return parts.map(Number);
}
