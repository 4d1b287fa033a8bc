import type { ColumnType } from 'kysely';

// Budgets, their thresholds crossed, and members' limits reached (migrations/0025_budgets.sql).

/** jsonb: read as parsed JSON, written as a JSON string. */
type Json<T> = ColumnType<T, string, string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface BudgetsTables {
  budgets: {
    id: string;
    organization_id: string;
    team_id: string | null;
    unit: string;
    amount: number;
    thresholds: Json<number[]>;
    created_at: Defaulted<Date>;
    updated_at: Defaulted<Date>;
  };
  budget_crossings: {
    budget_id: string;
    month: string;
    threshold: number;
    organization_id: string;
    spent: number;
    crossed_at: Defaulted<Date>;
  };
  member_limit_warnings: {
    organization_id: string;
    user_id: string;
    month: string;
    threshold: number;
    warned_at: Defaulted<Date>;
  };
  member_limits_reached: {
    organization_id: string;
    user_id: string;
    month: string;
    reached_at: Defaulted<Date>;
  };
}
