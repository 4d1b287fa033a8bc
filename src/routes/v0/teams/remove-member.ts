import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { removeTeamMember } from '../../../repositories/teams.js';
import { TeamMemberParams } from './params.js';

// DELETE /api/v0/teams/{teamId}/members/{userId}
export default async function removeTeamMemberRoute(app: App) {
  app.delete(
    '/teams/:teamId/members/:userId',
    { schema: { summary: 'Remove a user from a team', tags: ['teams'], params: TeamMemberParams, response: { 204: Type.Null() } } },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      await removeTeamMember(app.services.db, organizationId, request.params.teamId, request.params.userId, auditActorOf(request));
      return reply.code(204).send(null);
    },
  );
}
