import { Type } from '@sinclair/typebox';
import { budgetFiguresWithForecasts } from '../../../analytics/budget-figures.js';
import type { Db } from '../../../db/store.js';
import { monthPosition } from '../../../domain/forecast.js';
import { crossingsOf, type BudgetRecord } from '../../../repositories/budgets.js';
import { priceSettings } from '../../../repositories/prices.js';
import { budgetView } from '../../../schemas/index.js';

// Path parameters of the budget routes, and the views every budget answer gives: each budget with
// its month's figures (one computation of the month for all of them).
export const BudgetParams = Type.Object({ budgetId: Type.String({ minLength: 1, maxLength: 128 }) });

export async function budgetViews(db: Db, organizationId: string, budgets: readonly BudgetRecord[], now = new Date()) {
  const { month } = monthPosition(now);
  const [figures, { currency }, crossings] = await Promise.all([
    budgetFiguresWithForecasts(db, organizationId, budgets, now),
    priceSettings(db, organizationId),
    Promise.all(budgets.map((budget) => crossingsOf(db, budget.id, month))),
  ]);
  return budgets.map((budget, i) => budgetView(budget, figures.get(budget.id)!, crossings[i]!, currency));
}
