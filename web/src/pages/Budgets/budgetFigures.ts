import type { Budget } from '../../api/client';
import { formatExact, formatMoney } from '../../format';

// How the console writes a budget's figures: money in its currency, credits as numbers.

export function formatBudgetAmount(budget: Pick<Budget, 'unit' | 'currency'>, value: number): string {
  return budget.unit === 'money' ? formatMoney(value, budget.currency ?? 'USD') : `${formatExact(value)} credits`;
}

/**
 * A badge for a share of a budget or limit: red at or over 100 %, yellow (dark text) past the
 * warning share, teal below. Each pair meets AA contrast.
 */
export function shareBadge(percent: number, warnAt: number): { color: string; autoContrast: boolean } {
  if (percent >= 100) return { color: 'red.9', autoContrast: false };
  return percent >= warnAt ? { color: 'yellow.4', autoContrast: true } : { color: 'teal.9', autoContrast: false };
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
