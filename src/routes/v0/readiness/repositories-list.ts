import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { latestEvaluations, repositoriesToEvaluate } from '../../../repositories/readiness-evaluations.js';
import { evaluatedRepositoryView, ReadinessRepository } from '../../../schemas/index.js';

// GET /api/v0/readiness/repositories — what the organization's computers evaluate, by repoId:
// its own list, or while that is empty the repositories its telemetry and git hosts name, each
// with its last evaluation. The list is whole (an organization's repositories are few): no pages.
export default async function listReadinessRepositoriesRoute(app: App) {
  app.get(
    '/readiness/repositories',
    {
      schema: {
        summary: 'List the repositories evaluated for readiness',
        tags: ['readiness'],
        response: { 200: Type.Object({ repositories: Type.Array(Type.Ref(ReadinessRepository)), listed: Type.Boolean({ description: 'false: the list is empty and these are the default' }) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const repositories = await repositoriesToEvaluate(app.services.db, organizationId);
      const last = await latestEvaluations(app.services.db, organizationId, repositories.map((repository) => repository.repoId));
      return { repositories: repositories.map((repository) => evaluatedRepositoryView(repository, last.get(repository.repoId))), listed: repositories.some((repository) => repository.source === 'listed') };
    },
  );
}
