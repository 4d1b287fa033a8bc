import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { Pagination, User } from '../../../schemas/index.js';
import { userView } from '../../../schemas/index.js';
import { unusedInvitationExpiries } from '../../../repositories/invitations.js';
import { MEMBER_STATUSES, listUsers } from '../../../repositories/users.js';
import { StringEnum } from '../../../schemas/common.js';
import { teamsOfUsers } from '../../../repositories/teams.js';
import { lastActivityDays } from '../../../analytics/read.js';

// GET /api/v0/organization/users — each user with the teams it is in (docs/teams.md) and its
// lifecycle status, last sign-in and last day of agent activity; `status` lists one status only
// (docs/members.md).
const ListedUser = Type.Object({
  ...User.properties,
  teams: Type.Array(Type.Object({ id: Type.String(), name: Type.String() }), { description: 'The teams of the user, by name' }),
  lastActivityDay: Type.Union([Type.String({ format: 'date' }), Type.Null()], { description: "The last UTC day with the user's agent activity (telemetry); null without any" }),
});

export default async function listUsersRoute(app: App) {
  app.get(
    '/organization/users',
    {
      schema: {
        summary: 'List the users of the organization',
        tags: ['members'],
        querystring: Type.Object({ ...PageQuery, status: Type.Optional(StringEnum(MEMBER_STATUSES, { description: 'Only users in this status' })) }),
        response: { 200: Type.Object({ users: Type.Array(ListedUser), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const { status } = request.query;
      // A cursor of one status's list is no good for another's.
      const list = status === undefined ? 'users' : `users:${status}`;
      const page = readPage(request.query, list, organizationId);
      const rows = await listUsers(app.services.db, organizationId, { after: page.after, limit: page.fetch }, status === undefined ? {} : { status });
      const { items, pagination } = pageOf(rows, page, list, organizationId, (user) => user.id);
      const ids = items.map((user) => user.id);
      const [teams, invitations, activity] = await Promise.all([
        teamsOfUsers(app.services.db, organizationId, ids),
        unusedInvitationExpiries(app.services.db, organizationId, ids),
        lastActivityDays(app.services.db, organizationId, ids),
      ]);
      const users = items.map((user) => ({ ...userView(user, invitations.get(user.id) ?? null), teams: teams.get(user.id) ?? [], lastActivityDay: activity.get(user.id) ?? null }));
      return { users, pagination };
    },
  );
}
