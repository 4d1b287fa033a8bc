// Where a member stands against their monthly credit limit (decisions.md §9): the figures the
// `limits/me` endpoint answers and the budget hook reads. Pure.

export interface CreditStanding {
  /** The effective limit: the member's override, else the global limit; null: none. */
  limit: number | null;
  /** Standard Credits used this UTC month. */
  used: number;
  /** What is left before the limit (never below 0); null without a limit. */
  remaining: number | null;
  /** The UTC month, YYYY-MM. */
  month: string;
  /** used / limit in percent, one decimal; 100 for a limit of 0; null without a limit. */
  percent: number | null;
}

export function creditStanding(limit: number | null, used: number, month: string): CreditStanding {
  if (limit === null) return { limit, used, remaining: null, month, percent: null };
  const percent = limit === 0 ? 100 : Math.round((used / limit) * 1000) / 10;
  return { limit, used, remaining: Math.max(0, limit - used), month, percent };
}
