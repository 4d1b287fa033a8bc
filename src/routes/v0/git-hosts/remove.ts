import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { removeGitHost } from '../../../repositories/git-hosts.js';
import { GitHostParams } from './params.js';

// DELETE /api/v0/git-hosts/{gitHostId} — with the deliveries, pull requests and commits it brought.
export default async function removeGitHostRoute(app: App) {
  app.delete(
    '/git-hosts/:gitHostId',
    { schema: { summary: 'Disconnect a git host', tags: ['git-hosts'], params: GitHostParams, response: { 204: Type.Null() } } },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      await removeGitHost(app.services.db, organizationId, request.params.gitHostId, auditActorOf(request));
      return reply.code(204).send(null);
    },
  );
}
