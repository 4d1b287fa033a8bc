import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { notFound } from '../../../domain/errors.js';
import { Message } from '../../../schemas/index.js';
import { findMessage } from '../../../repositories/messages.js';
import { SessionParams, messageView } from '../../../schemas/index.js';
import { findVisibleComputer } from '../../../repositories/computers.js';
import { findVisibleSession } from '../../../repositories/sessions.js';

// GET /api/v0/sessions/{sessionId}/messages/{messageId}. Messages are stored centrally, so
// `computerId` ("the computer to query directly") only has to name a computer the caller may use.
export default async function getMessageRoute(app: App) {
  app.get(
    '/sessions/:sessionId/messages/:messageId',
    {
      schema: {
        summary: 'Get one message of a session',
        tags: ['sessions'],
        params: Type.Composite([SessionParams, Type.Object({ messageId: Type.String({ minLength: 1, maxLength: 128 }) })]),
        querystring: Type.Object({ computerId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })) }),
        response: { 200: Type.Ref(Message) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const session = await findVisibleSession(app.services.db, principal, request.params.sessionId);
      if (request.query.computerId !== undefined) await findVisibleComputer(app.services.db, principal, request.query.computerId);
      const message = await findMessage(app.services.db, principal.organizationId, session.id, request.params.messageId);
      if (!message) throw notFound('message');
      return messageView(message);
    },
  );
}
