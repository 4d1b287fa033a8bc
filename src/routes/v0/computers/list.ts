import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { MAX_PAGE_SIZE, pageOf, pageQuery, readPage } from '../../../http/pagination.js';
import { Computer, Pagination } from '../../../schemas/index.js';
import { listComputers } from '../../../repositories/computers.js';
import { computerView } from '../../../schemas/index.js';
import { ownedByFilter } from '../../../domain/access.js';

// GET /api/v0/computers — owner/manager see every computer of the organization, a member its own.
// Clients read it without paging, so its default page is its largest (decisions.md §13).
export default async function listComputersRoute(app: App) {
  app.get(
    '/computers',
    {
      schema: {
        summary: 'List computers',
        tags: ['computers'],
        querystring: Type.Object(pageQuery(MAX_PAGE_SIZE)),
        response: { 200: Type.Object({ computers: Type.Array(Type.Ref(Computer)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const page = readPage(request.query, 'computers', principal.organizationId);
      const rows = await listComputers(app.services.db, principal.organizationId, ownedByFilter(principal), { after: page.after, limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, 'computers', principal.organizationId, (computer) => computer.id);
      return { computers: items.map(computerView), pagination };
    },
  );
}
