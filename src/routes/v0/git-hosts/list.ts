import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { listGitHosts } from '../../../repositories/git-hosts.js';
import { GitHost, gitHostView, Pagination } from '../../../schemas/index.js';

// GET /api/v0/git-hosts — in creation order.
export default async function listGitHostsRoute(app: App) {
  app.get(
    '/git-hosts',
    {
      schema: {
        summary: 'List the git hosts of the organization',
        tags: ['git-hosts'],
        querystring: Type.Object(PageQuery),
        response: { 200: Type.Object({ gitHosts: Type.Array(Type.Ref(GitHost)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const page = readPage(request.query, 'git-hosts', organizationId);
      const rows = await listGitHosts(app.services.db, organizationId, { after: page.after, limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, 'git-hosts', organizationId, (host) => host.id);
      return { gitHosts: items.map((host) => gitHostView(host, app.services.config.publicApiUrl)), pagination };
    },
  );
}
