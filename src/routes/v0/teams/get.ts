import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { findTeam } from '../../../repositories/teams.js';
import { Team, teamView } from '../../../schemas/index.js';
import { TeamParams } from './params.js';

// GET /api/v0/teams/{teamId}
export default async function getTeamRoute(app: App) {
  app.get(
    '/teams/:teamId',
    {
      schema: { summary: 'Get a team', tags: ['teams'], params: TeamParams, response: { 200: Type.Object({ team: Type.Ref(Team) }) } },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      return { team: teamView(await findTeam(app.services.db, organizationId, request.params.teamId)) };
    },
  );
}
