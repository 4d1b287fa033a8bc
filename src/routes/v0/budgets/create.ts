import { Type } from '@sinclair/typebox';
import { invalidInput } from '../../../domain/errors.js';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { createBudget } from '../../../repositories/budgets.js';
import { Budget, BudgetAmount, BudgetScopeName, BudgetThresholds, BudgetUnitName } from '../../../schemas/index.js';
import { budgetViews } from './params.js';

// POST /api/v0/budgets — one budget per scope: a second for the organization or a team is 409.
export default async function createBudgetRoute(app: App) {
  app.post(
    '/budgets',
    {
      schema: {
        summary: 'Create a budget for the organization or a team',
        tags: ['budgets'],
        body: Type.Object(
          {
            scope: BudgetScopeName,
            teamId: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'Required with scope team, refused with scope organization' })),
            unit: BudgetUnitName,
            amount: BudgetAmount,
            thresholds: Type.Optional(BudgetThresholds),
          },
          { additionalProperties: false },
        ),
        response: { 201: Type.Object({ budget: Type.Ref(Budget) }) },
      },
    },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      const { scope, teamId } = request.body;
      if (scope === 'team' && teamId === undefined) throw invalidInput('teamId is required for a team budget', [{ path: 'body/teamId', message: 'required with scope team' }]);
      if (scope === 'organization' && teamId !== undefined) throw invalidInput('teamId is only for a team budget', [{ path: 'body/teamId', message: 'only with scope team' }]);
      const budget = await createBudget(app.services.db, organizationId, request.body, auditActorOf(request));
      const [view] = await budgetViews(app.services.db, organizationId, [budget]);
      return reply.code(201).send({ budget: view! });
    },
  );
}
