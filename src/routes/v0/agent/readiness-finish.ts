import { Type, type Static } from '@sinclair/typebox';
import { invalidInput } from '../../../domain/errors.js';
import type { App } from '../../../http/context.js';
import { completeEvaluation, failEvaluation, findEvaluation } from '../../../repositories/readiness-evaluations.js';
import { evaluationView, ReadinessEvaluation, ReadinessReport, ReadinessReportInput, reportRecordOf, reportView } from '../../../schemas/index.js';
import { computerOf } from './auth.js';

const Params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 128 }) });

// The end of an evaluation the computer claimed (docs/readiness.md). Its report goes through the
// readiness upload's own rule and storage (a computer token is good under /api/v0/agent only,
// decisions.md §2, so the agent uploads here rather than to /api/organization/...); a failure is
// kept as the evaluation's error and tried again while tries remain. 409 when the evaluation is
// not running on this computer any more (its lease lapsed, or it finished).
export default async function finishReadinessEvaluationRoutes(app: App) {
  app.post(
    '/readiness-evaluations/:id/report',
    {
      schema: {
        summary: 'Upload the report of a claimed readiness evaluation',
        tags: ['agent'],
        params: Params,
        body: Type.Ref(ReadinessReportInput),
        response: { 201: Type.Object({ evaluation: Type.Ref(ReadinessEvaluation), report: Type.Ref(ReadinessReport) }) },
      },
    },
    async (request, reply) => {
      const { organizationId, computerId } = computerOf(request);
      const { db } = app.services;
      const record = reportRecordOf(request.body as Static<typeof ReadinessReportInput>, Date.now());
      const claimed = await findEvaluation(db, organizationId, request.params.id);
      if (record.repoId !== claimed.repoId) throw invalidInput(`the report is of ${record.repoId}, the evaluation of ${claimed.repoId}`, [{ path: 'body/repoUrl', message: `not ${claimed.repoId}` }]);
      const evaluation = await completeEvaluation(db, organizationId, computerId, request.params.id, record, new Date());
      return reply.code(201).send({ evaluation: evaluationView(evaluation), report: reportView(record) });
    },
  );
  app.post(
    '/readiness-evaluations/:id/failure',
    {
      schema: {
        summary: 'Report that a claimed readiness evaluation failed',
        tags: ['agent'],
        params: Params,
        body: Type.Object({ error: Type.String({ minLength: 1, maxLength: 10_000, description: 'What failed: the clone, the fetch, the evaluator' }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ evaluation: Type.Ref(ReadinessEvaluation) }) },
      },
    },
    async (request) => {
      const { organizationId, computerId } = computerOf(request);
      const { db, config } = app.services;
      const evaluation = await failEvaluation(db, organizationId, computerId, request.params.id, request.body.error, new Date(), config.readinessRetryDelayMs);
      return { evaluation: evaluationView(evaluation) };
    },
  );
}
