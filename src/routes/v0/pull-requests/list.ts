import { Type } from '@sinclair/typebox';
import { listKeyOf, listPullRequests } from '../../../analytics/pull-request-list.js';
import { PULL_REQUEST_STATES } from '../../../domain/git-facts.js';
import { ATTRIBUTIONS } from '../../../domain/agent-attribution.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { priceBookOf } from '../../../repositories/prices.js';
import { Pagination, PullRequest, StringEnum } from '../../../schemas/index.js';
import { pullRequestView } from './view.js';

const Day = (description: string) => Type.Optional(Type.String({ format: 'date', description }));

// GET /api/v0/pull-requests — newest first (by merge, close, else opening time), filtered.
export default async function listPullRequestsRoute(app: App) {
  app.get(
    '/pull-requests',
    {
      schema: {
        summary: 'Pull requests with their class, its evidence, their times and cost, newest first',
        tags: ['pull-requests'],
        querystring: Type.Object({
          ...PageQuery,
          repository: Type.Optional(Type.String({ minLength: 1, maxLength: 512, description: 'A repository id, host/owner/name' })),
          class: Type.Optional(StringEnum(ATTRIBUTIONS)),
          state: Type.Optional(StringEnum(PULL_REQUEST_STATES)),
          mergedFrom: Day('Merged on or after this UTC day (YYYY-MM-DD)'),
          mergedTo: Day('Merged on or before this UTC day (YYYY-MM-DD)'),
          userId: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'Only the pull requests this member authored a commit of' })),
        }),
        response: { 200: Type.Object({ pullRequests: Type.Array(Type.Ref(PullRequest)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const { limit: _limit, cursor: _cursor, class: attribution, ...rest } = request.query;
      const filters = { ...rest, attribution };
      // The list name carries the filters: a cursor is good for the same filters only.
      const list = `pull-requests:${JSON.stringify([filters.repository, attribution, filters.state, filters.mergedFrom, filters.mergedTo, filters.userId])}`;
      const page = readPage(request.query, list, organizationId);
      const prices = await priceBookOf(app.services.db, organizationId);
      const rows = await listPullRequests(app.services.db, organizationId, filters, prices, page);
      const { items, pagination } = pageOf(rows, page, list, organizationId, listKeyOf);
      return { pullRequests: items.map((pull) => pullRequestView(pull, prices.settings.currency)), pagination };
    },
  );
}
