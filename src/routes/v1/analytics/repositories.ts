import { Type } from '@sinclair/typebox';
import { DateQuery, metaOf, rangeOf } from '../../../analytics/query.js';
import { RepositoryRow, repositoryRows } from '../../../analytics/repositories.js';
import { Meta } from '../../../analytics/schemas.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';

// GET /api/v1/analytics/repositories — each repository's figures over the range and its latest
// readiness result, side by side (docs/repositories.md).
export default async function repositoriesRoute(app: App) {
  app.get(
    '/analytics/repositories',
    {
      schema: {
        summary: 'Repositories over a range: Standard Credits, tokens, members, sessions, lines, commits, pull requests, latest readiness',
        tags: ['analytics'],
        querystring: Type.Object(DateQuery),
        response: { 200: Type.Object({ data: Type.Array(RepositoryRow), meta: Meta }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const range = rangeOf(app.services.config.analyticsHistoryStart, request.query);
      return { data: await repositoryRows(app.services.db, organizationId, range), meta: metaOf(organizationId, range) };
    },
  );
}
