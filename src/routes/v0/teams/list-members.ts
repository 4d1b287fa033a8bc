import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { listTeamMembers } from '../../../repositories/teams.js';
import { Pagination, TeamMember, teamMemberView } from '../../../schemas/index.js';
import { TeamParams } from './params.js';

// GET /api/v0/teams/{teamId}/members — by user id.
export default async function listTeamMembersRoute(app: App) {
  app.get(
    '/teams/:teamId/members',
    {
      schema: {
        summary: 'List the members of a team',
        tags: ['teams'],
        params: TeamParams,
        querystring: Type.Object(PageQuery),
        response: { 200: Type.Object({ members: Type.Array(Type.Ref(TeamMember)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const { teamId } = request.params;
      // The cursor is bound to the team: one issued for another team's list is a 400.
      const list = `team-members:${teamId}`;
      const page = readPage(request.query, list, organizationId);
      const rows = await listTeamMembers(app.services.db, organizationId, teamId, { after: page.after, limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, list, organizationId, (member) => member.userId);
      return { members: items.map(teamMemberView), pagination };
    },
  );
}
