import { Type } from '@sinclair/typebox';
import { EVALUATION_STATUSES } from '../../../domain/readiness-schedule.js';
import { repoIdOf } from '../../../domain/repo-id.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { listEvaluations } from '../../../repositories/readiness-evaluations.js';
import { evaluationView, Pagination, ReadinessEvaluation, StringEnum } from '../../../schemas/index.js';

// GET /api/v0/readiness/evaluations?repoId=&status= — newest first: queued, running, succeeded
// and failed ones with why, so that no failure is silent.
export default async function listReadinessEvaluationsRoute(app: App) {
  app.get(
    '/readiness/evaluations',
    {
      schema: {
        summary: 'List readiness evaluations',
        tags: ['readiness'],
        querystring: Type.Object({
          ...PageQuery,
          repoId: Type.Optional(Type.String({ minLength: 1, maxLength: 2048, description: 'host/owner/name (a repository URL is normalized to it)' })),
          status: Type.Optional(StringEnum(EVALUATION_STATUSES)),
        }),
        response: { 200: Type.Object({ evaluations: Type.Array(Type.Ref(ReadinessEvaluation)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const { repoId, status } = request.query;
      const filter = { repoId: repoId === undefined ? undefined : (repoIdOf(repoId) ?? repoId.toLowerCase()), status };
      // The cursor belongs to the filter: another filter's cursor is 400 (decisions.md §3).
      const list = `readiness-evaluations:${filter.repoId ?? ''}:${status ?? ''}`;
      const page = readPage(request.query, list, organizationId);
      const rows = await listEvaluations(app.services.db, organizationId, filter, { after: page.after, limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, list, organizationId, (row) => row.id);
      return { evaluations: items.map(evaluationView), pagination };
    },
  );
}
