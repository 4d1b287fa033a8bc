import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { Pagination, User } from '../../../schemas/index.js';
import { userView } from '../../../schemas/index.js';
import { listUsers } from '../../../repositories/users.js';
import { teamsOfUsers } from '../../../repositories/teams.js';

// GET /api/v0/organization/users — each user with the teams it is in (docs/teams.md).
const ListedUser = Type.Object({ ...User.properties, teams: Type.Array(Type.Object({ id: Type.String(), name: Type.String() }), { description: 'The teams of the user, by name' }) });

export default async function listUsersRoute(app: App) {
  app.get(
    '/organization/users',
    {
      schema: {
        summary: 'List the users of the organization',
        tags: ['members'],
        querystring: Type.Object(PageQuery),
        response: { 200: Type.Object({ users: Type.Array(ListedUser), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const page = readPage(request.query, 'users', organizationId);
      const rows = await listUsers(app.services.db, organizationId, { after: page.after, limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, 'users', organizationId, (user) => user.id);
      const teams = await teamsOfUsers(app.services.db, organizationId, items.map((user) => user.id));
      return { users: items.map((user) => ({ ...userView(user), teams: teams.get(user.id) ?? [] })), pagination };
    },
  );
}
