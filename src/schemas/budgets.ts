import { Type, type Static } from '@sinclair/typebox';
import { BUDGET_SCOPES, BUDGET_UNITS, MAX_BUDGET_AMOUNT, MAX_THRESHOLD, MAX_THRESHOLDS, MIN_THRESHOLD, type BudgetFigures } from '../domain/budgets.js';
import type { BudgetRecord, CrossingRecord } from '../repositories/budgets.js';
import { StringEnum, UnixMillis } from './common.js';

// Budgets and members' credit limits with their month's figures (docs/budgets.md), times as Unix
// ms like the other v0 resources.

export const BudgetScopeName = StringEnum(BUDGET_SCOPES, { description: 'organization: every member; team: the members of `teamId`' });
export const BudgetUnitName = StringEnum(BUDGET_UNITS, { description: "money: in the organization's price currency; credits: Standard Credits" });
export const BudgetAmount = Type.Number({ exclusiveMinimum: 0, maximum: MAX_BUDGET_AMOUNT, description: 'Per UTC month; rounded to 6 decimals' });
export const BudgetThresholds = Type.Array(Type.Integer({ minimum: MIN_THRESHOLD, maximum: MAX_THRESHOLD }), {
  minItems: 1,
  maxItems: MAX_THRESHOLDS,
  description: 'Percentages of the amount at which budget.threshold_crossed is sent; stored ascending, each once. Default [50, 80, 100]',
});

export const Budget = Type.Object(
  {
    id: Type.String(),
    scope: BudgetScopeName,
    teamId: Type.Union([Type.String(), Type.Null()]),
    unit: BudgetUnitName,
    currency: Type.Union([Type.String(), Type.Null()], { description: "The organization's price currency for a money budget; null for credits" }),
    amount: Type.Number(),
    thresholds: Type.Array(Type.Integer()),
    month: Type.String({ description: 'The current UTC month, YYYY-MM' }),
    spent: Type.Number({ description: 'Spent this month so far, in the unit' }),
    forecast: Type.Number({ description: 'The month-end forecast (docs/budgets.md "Forecast")' }),
    percent: Type.Number({ description: 'spent / amount in percent, two decimals' }),
    thresholdsReached: Type.Array(Type.Integer(), { description: 'The thresholds `spent` has reached now' }),
    crossings: Type.Array(Type.Object({ threshold: Type.Integer(), spent: Type.Number(), crossedAt: UnixMillis }), {
      description: 'The thresholds recorded as crossed this month (each sent once as budget.threshold_crossed)',
    }),
    createdAt: UnixMillis,
    updatedAt: UnixMillis,
  },
  { $id: 'Budget' },
);

export const MemberLimitStatus = Type.Object(
  {
    userId: Type.String(),
    email: Type.String(),
    limit: Type.Number({ description: 'The effective monthly limit in Standard Credits' }),
    used: Type.Number(),
    percent: Type.Number({ description: 'used / limit in percent, two decimals; 100 for a limit of 0' }),
    forecast: Type.Number({ description: 'Month-end forecast of used credits' }),
  },
  { $id: 'MemberLimitStatus' },
);

export function budgetView(budget: BudgetRecord, figures: BudgetFigures & { forecast: number }, crossings: CrossingRecord[], currency: string): Static<typeof Budget> {
  return {
    id: budget.id,
    scope: budget.scope,
    teamId: budget.teamId,
    unit: budget.unit,
    currency: budget.unit === 'money' ? currency : null,
    amount: budget.amount,
    thresholds: budget.thresholds,
    month: figures.month,
    spent: figures.spent,
    forecast: figures.forecast,
    percent: figures.percent,
    thresholdsReached: figures.thresholdsReached,
    crossings: crossings.map((crossing) => ({ threshold: crossing.threshold, spent: crossing.spent, crossedAt: crossing.crossedAt.getTime() })),
    createdAt: budget.createdAt.getTime(),
    updatedAt: budget.updatedAt.getTime(),
  };
}
