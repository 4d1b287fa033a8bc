// Standard Credits are kept in fixed point: every event's credits are rounded once, at
// ingestion, to whole micro-credits (6 decimal places), and every sum after that is a sum of
// integers — in PostgreSQL `numeric(24,6)` columns, in JavaScript integers of micro-credits — so
// totals are exact and the same in whatever order events arrive. JavaScript integers are exact
// up to 2^53 micro-credits (about 9 billion credits) per sum (docs/analytics.md).

export const CREDIT_DECIMALS = 6;
const MICROS_PER_CREDIT = 1_000_000;

/** Credits as whole micro-credits (half away from zero is irrelevant: credits are >= 0). */
export function toMicroCredits(credits: number): number {
  return Math.round(credits * MICROS_PER_CREDIT);
}

/** Micro-credits as credits: the nearest double, which prints as the exact 6-decimal value. */
export function fromMicroCredits(micros: number): number {
  return micros / MICROS_PER_CREDIT;
}

/** The exact sum of credit amounts that each carry at most 6 decimals. */
export function sumCredits(amounts: Iterable<number | null | undefined>): number {
  let micros = 0;
  for (const amount of amounts) micros += toMicroCredits(amount ?? 0);
  return fromMicroCredits(micros);
}

/**
 * An amount rounded once to 6 decimals, the fixed point of credits: a cost an agent reported (USD)
 * is kept to the micro-dollar the same way, so its sums are exact too (docs/analytics.md).
 */
export function toSixDecimals(amount: number): number {
  return fromMicroCredits(toMicroCredits(amount));
}
