import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { changeBudget } from '../../../repositories/budgets.js';
import { Budget, BudgetAmount, BudgetThresholds } from '../../../schemas/index.js';
import { BudgetParams, budgetViews } from './params.js';

// PATCH /api/v0/budgets/{budgetId} — a new amount or thresholds. Scope and unit stay: a budget
// of another scope or unit is a new budget (the crossings recorded this month belong to this one).
export default async function updateBudgetRoute(app: App) {
  app.patch(
    '/budgets/:budgetId',
    {
      schema: {
        summary: 'Change the amount or thresholds of a budget',
        tags: ['budgets'],
        params: BudgetParams,
        body: Type.Object({ amount: Type.Optional(BudgetAmount), thresholds: Type.Optional(BudgetThresholds) }, { additionalProperties: false, minProperties: 1 }),
        response: { 200: Type.Object({ budget: Type.Ref(Budget) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const budget = await changeBudget(app.services.db, organizationId, request.params.budgetId, request.body, auditActorOf(request));
      const [view] = await budgetViews(app.services.db, organizationId, [budget]);
      return { budget: view! };
    },
  );
}
