import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { addTeamMember } from '../../../repositories/teams.js';
import { TeamMember, teamMemberView } from '../../../schemas/index.js';
import { TeamParams } from './params.js';

// POST /api/v0/teams/{teamId}/members {userId} — a member may be in several teams.
export default async function addTeamMemberRoute(app: App) {
  app.post(
    '/teams/:teamId/members',
    {
      schema: {
        summary: 'Add a user to a team',
        tags: ['teams'],
        params: TeamParams,
        body: Type.Object({ userId: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false }),
        response: { 201: Type.Object({ member: Type.Ref(TeamMember) }) },
      },
    },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      const member = await addTeamMember(app.services.db, organizationId, request.params.teamId, request.body.userId, auditActorOf(request));
      return reply.code(201).send({ member: teamMemberView(member) });
    },
  );
}
