import { Type } from '@sinclair/typebox';
import { findPullRequest } from '../../../analytics/pull-request-list.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { priceBookOf } from '../../../repositories/prices.js';
import { PullRequest } from '../../../schemas/index.js';
import { pullRequestView } from './view.js';

// GET /api/v0/pull-requests/{pullRequestId}
export default async function getPullRequestRoute(app: App) {
  app.get(
    '/pull-requests/:pullRequestId',
    {
      schema: {
        summary: 'A pull request with its class, its evidence, its times and cost',
        tags: ['pull-requests'],
        params: Type.Object({ pullRequestId: Type.String({ minLength: 1, maxLength: 1024 }) }),
        response: { 200: Type.Object({ pullRequest: Type.Ref(PullRequest) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const prices = await priceBookOf(app.services.db, organizationId);
      return { pullRequest: pullRequestView(await findPullRequest(app.services.db, organizationId, request.params.pullRequestId, prices), prices.settings.currency) };
    },
  );
}
