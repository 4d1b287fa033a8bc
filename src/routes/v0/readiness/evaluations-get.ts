import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { findEvaluation } from '../../../repositories/readiness-evaluations.js';
import { evaluationView, ReadinessEvaluation } from '../../../schemas/index.js';

// GET /api/v0/readiness/evaluations/{id}
export default async function getReadinessEvaluationRoute(app: App) {
  app.get(
    '/readiness/evaluations/:id',
    {
      schema: {
        summary: 'Get a readiness evaluation',
        tags: ['readiness'],
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: { 200: Type.Object({ evaluation: Type.Ref(ReadinessEvaluation) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      return { evaluation: evaluationView(await findEvaluation(app.services.db, organizationId, request.params.id)) };
    },
  );
}
