import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { listBudgets } from '../../../repositories/budgets.js';
import { Budget, Pagination } from '../../../schemas/index.js';
import { budgetViews } from './params.js';

// GET /api/v0/budgets — in creation order, each with its month's figures.
export default async function listBudgetsRoute(app: App) {
  app.get(
    '/budgets',
    {
      schema: {
        summary: 'List the budgets of the organization with their month figures',
        tags: ['budgets'],
        querystring: Type.Object(PageQuery),
        response: { 200: Type.Object({ budgets: Type.Array(Type.Ref(Budget)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const page = readPage(request.query, 'budgets', organizationId);
      const rows = await listBudgets(app.services.db, organizationId, { after: page.after, limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, 'budgets', organizationId, (budget) => budget.id);
      return { budgets: await budgetViews(app.services.db, organizationId, items), pagination };
    },
  );
}
