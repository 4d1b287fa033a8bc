import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { deleteBudget } from '../../../repositories/budgets.js';
import { BudgetParams } from './params.js';

// DELETE /api/v0/budgets/{budgetId} — with its recorded crossings (the events sent stay sent).
export default async function deleteBudgetRoute(app: App) {
  app.delete(
    '/budgets/:budgetId',
    { schema: { summary: 'Delete a budget', tags: ['budgets'], params: BudgetParams, response: { 204: Type.Null() } } },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      await deleteBudget(app.services.db, organizationId, request.params.budgetId, auditActorOf(request));
      return reply.code(204).send(null);
    },
  );
}
