import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { notFound } from '../../../domain/errors.js';
import { deleteSession, findVisibleSession } from '../../../repositories/sessions.js';
import { SessionParams } from '../../../schemas/index.js';

// DELETE /api/v0/sessions/{sessionId} — 204, then 404; its messages go with it. A run in
// progress is over: its agent's next post, finish or heartbeat tells it so.
export default async function deleteSessionRoute(app: App) {
  app.delete(
    '/sessions/:sessionId',
    { schema: { summary: 'Delete a session', tags: ['sessions'], params: SessionParams, response: { 204: Type.Null() } } },
    async (request, reply) => {
      const principal = principalOf(request);
      const session = await findVisibleSession(app.services.db, principal, request.params.sessionId);
      if (!(await deleteSession(app.services.db, principal.organizationId, session.id))) throw notFound('session');
      return reply.code(204).send(null);
    },
  );
}
