import { Type } from '@sinclair/typebox';
import { EVALUATION_LEASE_MS } from '../../../domain/readiness-schedule.js';
import type { App } from '../../../http/context.js';
import { claimEvaluation } from '../../../repositories/readiness-evaluations.js';
import { evaluationView, ReadinessEvaluation } from '../../../schemas/index.js';
import { computerOf } from './auth.js';

// POST /api/v0/agent/readiness-evaluations/claim — the oldest due readiness evaluation of the
// computer's organization, now running on it with a 15-minute lease (docs/readiness.md), or 204.
// The agent asks between its session claims; evaluations are for any computer of the organization.
export default async function claimReadinessEvaluationRoute(app: App) {
  app.post(
    '/readiness-evaluations/claim',
    {
      schema: {
        summary: 'Claim the next readiness evaluation',
        tags: ['agent'],
        response: {
          200: Type.Object({ evaluation: Type.Ref(ReadinessEvaluation), leaseExpiresAt: Type.Integer({ description: 'When the evaluation returns to the queue unless finished (Unix ms)' }) }),
          204: Type.Null(),
        },
      },
    },
    async (request, reply) => {
      const { organizationId, computerId } = computerOf(request);
      const evaluation = await claimEvaluation(app.services.db, organizationId, computerId, new Date(), EVALUATION_LEASE_MS);
      if (!evaluation) return reply.code(204).send(null);
      return { evaluation: evaluationView(evaluation), leaseExpiresAt: evaluation.leaseUntil!.getTime() };
    },
  );
}
