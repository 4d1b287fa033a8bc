import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { findBudget } from '../../../repositories/budgets.js';
import { Budget } from '../../../schemas/index.js';
import { BudgetParams, budgetViews } from './params.js';

// GET /api/v0/budgets/{budgetId} — with its month's spend, forecast and crossings.
export default async function getBudgetRoute(app: App) {
  app.get(
    '/budgets/:budgetId',
    { schema: { summary: 'Get a budget with its month figures', tags: ['budgets'], params: BudgetParams, response: { 200: Type.Object({ budget: Type.Ref(Budget) }) } } },
    async (request) => {
      const { organizationId } = principalOf(request);
      const [budget] = await budgetViews(app.services.db, organizationId, [await findBudget(app.services.db, organizationId, request.params.budgetId)]);
      return { budget: budget! };
    },
  );
}
