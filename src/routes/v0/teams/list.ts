import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { listTeams } from '../../../repositories/teams.js';
import { Pagination, Team, teamView } from '../../../schemas/index.js';

// GET /api/v0/teams — in creation order.
export default async function listTeamsRoute(app: App) {
  app.get(
    '/teams',
    {
      schema: {
        summary: 'List the teams of the organization',
        tags: ['teams'],
        querystring: Type.Object(PageQuery),
        response: { 200: Type.Object({ teams: Type.Array(Type.Ref(Team)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const page = readPage(request.query, 'teams', organizationId);
      const rows = await listTeams(app.services.db, organizationId, { after: page.after, limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, 'teams', organizationId, (team) => team.id);
      return { teams: items.map(teamView), pagination };
    },
  );
}
