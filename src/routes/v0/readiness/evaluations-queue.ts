import { Type, type Static } from '@sinclair/typebox';
import { notFound } from '../../../domain/errors.js';
import { repoIdOf } from '../../../domain/repo-id.js';
import { MANAGERS } from '../../../domain/roles.js';
import { principalOf, requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { queueForRepositories, repositoriesToEvaluate } from '../../../repositories/readiness-evaluations.js';
import { evaluationView, ReadinessEvaluation } from '../../../schemas/index.js';

const Body = Type.Object(
  { repoId: Type.Optional(Type.String({ minLength: 1, maxLength: 2048, description: 'One repository evaluated (a URL or host/owner/name); default: all of them' })) },
  { additionalProperties: false },
);

// POST /api/v0/readiness/evaluations {repoId?} — evaluate now rather than tonight: one evaluation
// per repository evaluated (or the one named) for the organization's computers. With no computer
// online they are recorded failed at once, and answered so.
export default async function queueReadinessEvaluationsRoute(app: App) {
  app.post(
    '/readiness/evaluations',
    {
      preHandler: requireRole(MANAGERS),
      schema: { summary: 'Queue readiness evaluations now', tags: ['readiness'], body: Body, response: { 201: Type.Object({ evaluations: Type.Array(Type.Ref(ReadinessEvaluation)) }) } },
      // The body is optional: none evaluates every repository.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      const { db } = app.services;
      const body = request.body as Static<typeof Body>;
      const repoId = body.repoId === undefined ? undefined : (repoIdOf(body.repoId) ?? body.repoId.toLowerCase());
      if (repoId !== undefined && !(await repositoriesToEvaluate(db, organizationId)).some((repository) => repository.repoId === repoId)) throw notFound('repository evaluated for readiness');
      const evaluations = await queueForRepositories(db, organizationId, 'request', repoId === undefined ? {} : { repoIds: [repoId] });
      return reply.code(201).send({ evaluations: evaluations.map(evaluationView) });
    },
  );
}
