import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { deleteTeam } from '../../../repositories/teams.js';
import { TeamParams } from './params.js';

// DELETE /api/v0/teams/{teamId} — the team and its memberships; its members stay.
export default async function deleteTeamRoute(app: App) {
  app.delete(
    '/teams/:teamId',
    { schema: { summary: 'Delete a team', tags: ['teams'], params: TeamParams, response: { 204: Type.Null() } } },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      await deleteTeam(app.services.db, organizationId, request.params.teamId, auditActorOf(request));
      return reply.code(204).send(null);
    },
  );
}
