import { Type } from '@sinclair/typebox';
import { DateQuery, rangeOf } from '../../../analytics/query.js';
import { RepositoryRow, repositoryRows } from '../../../analytics/repositories.js';
import { MetaWithCurrency } from '../../../analytics/schemas.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { metaWithCurrency } from './daily-route.js';

// GET /api/v1/analytics/repositories — each repository's figures over the range and its latest
// readiness result, side by side (docs/repositories.md).
export default async function repositoriesRoute(app: App) {
  app.get(
    '/analytics/repositories',
    {
      schema: {
        summary: 'Repositories over a range, most cost first: cost, Standard Credits, tokens, members, sessions, lines, commits, pull requests, latest readiness',
        tags: ['analytics'],
        querystring: Type.Object(DateQuery),
        response: { 200: Type.Object({ data: Type.Array(RepositoryRow), meta: MetaWithCurrency }) },
      },
    },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      const range = rangeOf(app.services.config.analyticsHistoryStart, request.query);
      return { data: await repositoryRows(app.services.rollupReads, app.services.db, organizationId, range), meta: await metaWithCurrency(app, reply, organizationId, range) };
    },
  );
}
