import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { listGitDeliveries } from '../../../repositories/git-deliveries.js';
import { GitDelivery, gitDeliveryView, Pagination } from '../../../schemas/index.js';
import { GitHostParams } from './params.js';

// GET /api/v0/git-hosts/{gitHostId}/deliveries — what the host sent and what became of it, newest
// first. Refused deliveries (bad signature, malformed) are not stored, so not listed.
export default async function listGitDeliveriesRoute(app: App) {
  app.get(
    '/git-hosts/:gitHostId/deliveries',
    {
      schema: {
        summary: "A git host's deliveries, newest first",
        tags: ['git-hosts'],
        params: GitHostParams,
        querystring: Type.Object(PageQuery),
        response: { 200: Type.Object({ deliveries: Type.Array(Type.Ref(GitDelivery)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const list = `git-deliveries:${request.params.gitHostId}`;
      const page = readPage(request.query, list, organizationId);
      const rows = await listGitDeliveries(app.services.db, organizationId, request.params.gitHostId, { before: page.after, limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, list, organizationId, (delivery) => delivery.id);
      return { deliveries: items.map(gitDeliveryView), pagination };
    },
  );
}
