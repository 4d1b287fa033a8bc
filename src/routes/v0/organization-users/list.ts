import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { Pagination, User } from '../../../schemas/index.js';
import { userView } from '../../../schemas/index.js';
import { listUsers } from '../../../repositories/users.js';

// GET /api/v0/organization/users
export default async function listUsersRoute(app: App) {
  app.get(
    '/organization/users',
    {
      schema: {
        summary: 'List the users of the organization',
        tags: ['members'],
        querystring: Type.Object(PageQuery),
        response: { 200: Type.Object({ users: Type.Array(Type.Ref(User)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const page = readPage(request.query, 'users', organizationId);
      const rows = await listUsers(app.services.db, organizationId, { after: page.after, limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, 'users', organizationId, (user) => user.id);
      return { users: items.map(userView), pagination };
    },
  );
}
