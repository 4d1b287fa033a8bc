import { Badge, Text } from '@mantine/core';
import { formatDay } from '../format';

// The one rule every page uses for a budget's or a credit limit's month (docs/console.md
// "Budgets and limits: one rule"): the colour and the words follow the month-end forecast, not
// only what is spent, so a budget that will be exceeded is red before it is reached, and the same
// member reads the same on the dashboard and on the limits page.

export type StandingLevel = 'reached' | 'will-reach' | 'near' | 'fine';

export interface Standing {
  level: StandingLevel;
  /** Used / amount in percent, as the server gives it (two decimals). */
  percent: number;
  /** The UTC day (YYYY-MM-DD) the forecast's pace reaches the amount; null when it does not this month or already has. */
  day: string | null;
  /** What the colour says, in words (colour is never the only sign). */
  words: string;
  color: string;
  autoContrast: boolean;
}

const DAY_MS = 86_400_000;

/**
 * The day the amount is reached at the forecast's pace: the server's forecast is what is used plus
 * a daily rate times what is left of the UTC month, so the rate is (forecast − used) / days left.
 */
export function dayReached(used: number, amount: number, forecast: number, now = new Date()): string | null {
  if (used >= amount || forecast <= amount) return null;
  const monthEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  const daysLeft = (monthEnd - now.getTime()) / DAY_MS;
  const perDay = (forecast - used) / daysLeft;
  const at = now.getTime() + ((amount - used) / perDay) * DAY_MS;
  // The reaching instant falls before the month's end (forecast > amount); rounding aside, keep it in.
  return new Date(Math.min(at, monthEnd - 1)).toISOString().slice(0, 10);
}

/**
 * Red when reached or forecast to be reached this month (with the day), yellow from `warnAt` %
 * of the amount, teal below. `percent` is the server's (it knows the exact counters).
 */
export function standing({ used, amount, forecast, percent, warnAt }: { used: number; amount: number; forecast: number; percent: number; warnAt: number }, now = new Date()): Standing {
  if (used >= amount) return { level: 'reached', percent, day: null, words: 'reached', color: 'red.9', autoContrast: false };
  const day = dayReached(used, amount, forecast, now);
  if (day !== null) return { level: 'will-reach', percent, day, words: `reaches it ${formatDay(day)}`, color: 'red.9', autoContrast: false };
  if (percent >= warnAt) return { level: 'near', percent, day: null, words: `at ${percent} %`, color: 'yellow.4', autoContrast: true };
  return { level: 'fine', percent, day: null, words: 'within it', color: 'teal.9', autoContrast: false };
}

/** The share as a filled badge in the standing's colour, its words for screen readers and on hover. */
export function StandingBadge({ of }: { of: Standing }) {
  return (
    <Badge variant="filled" miw="max-content" color={of.color} autoContrast={of.autoContrast} title={of.words} data-level={of.level}>
      {of.percent} %
    </Badge>
  );
}

/** The standing in words under a figure: red words when it is (or will be) reached, so a reader need not decode the colour. */
export function StandingWords({ of, what }: { of: Standing; what: 'budget' | 'limit' }) {
  if (of.level === 'fine' || of.level === 'near') return null;
  return (
    <Text size="xs" fw={600} c="var(--mantine-color-red-light-color)" data-testid="standing-words">
      {of.level === 'reached' ? `Over the ${what}` : `Forecast over the ${what}: ${of.words}`}
    </Text>
  );
}
