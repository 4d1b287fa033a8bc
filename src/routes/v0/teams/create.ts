import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { createTeam } from '../../../repositories/teams.js';
import { Team, TeamExternalId, TeamName, teamView } from '../../../schemas/index.js';

// POST /api/v0/teams
export default async function createTeamRoute(app: App) {
  app.post(
    '/teams',
    {
      schema: {
        summary: 'Create a team',
        tags: ['teams'],
        body: Type.Object({ name: TeamName, externalId: Type.Optional(TeamExternalId) }, { additionalProperties: false }),
        response: { 201: Type.Object({ team: Type.Ref(Team) }) },
      },
    },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      const team = await createTeam(app.services.db, organizationId, request.body, auditActorOf(request));
      return reply.code(201).send({ team: teamView(team) });
    },
  );
}
