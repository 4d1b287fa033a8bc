import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { changeTeam } from '../../../repositories/teams.js';
import { Team, TeamExternalId, TeamName, teamView } from '../../../schemas/index.js';
import { TeamParams } from './params.js';

// PATCH /api/v0/teams/{teamId} — rename, or set or clear its external id.
export default async function updateTeamRoute(app: App) {
  app.patch(
    '/teams/:teamId',
    {
      schema: {
        summary: 'Rename a team or change its external id',
        tags: ['teams'],
        params: TeamParams,
        body: Type.Object({ name: Type.Optional(TeamName), externalId: Type.Optional(TeamExternalId) }, { additionalProperties: false }),
        response: { 200: Type.Object({ team: Type.Ref(Team) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      return { team: teamView(await changeTeam(app.services.db, organizationId, request.params.teamId, request.body, auditActorOf(request))) };
    },
  );
}
