import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { notFound } from '../../../domain/errors.js';
import { deleteComputer, findVisibleComputer } from '../../../repositories/computers.js';
import { ComputerParams } from '../../../schemas/index.js';

// DELETE /api/v0/computers/{computerId} — 204, then 404. Its token is 401 from the next request;
// the run on it ends and messages queued for it are dropped (docs/computers-and-sessions.md).
export default async function deleteComputerRoute(app: App) {
  app.delete(
    '/computers/:computerId',
    { schema: { summary: 'Delete a computer', tags: ['computers'], params: ComputerParams, response: { 204: Type.Null() } } },
    async (request, reply) => {
      const principal = principalOf(request);
      const computer = await findVisibleComputer(app.services.db, principal, request.params.computerId);
      if (!(await deleteComputer(app.services.db, principal.organizationId, computer.id, auditActorOf(request)))) throw notFound('computer');
      await app.services.credentials.awaitChangesHeard(request.log);
      return reply.code(204).send(null);
    },
  );
}
