import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { Message, Pagination } from '../../../schemas/index.js';
import { listMessages } from '../../../repositories/messages.js';
import { SessionParams, messageView } from '../../../schemas/index.js';
import { findVisibleSession } from '../../../repositories/sessions.js';

// GET /api/v0/sessions/{sessionId}/messages — oldest first.
export default async function listMessagesRoute(app: App) {
  app.get(
    '/sessions/:sessionId/messages',
    {
      schema: {
        summary: 'List the messages of a session',
        tags: ['sessions'],
        params: SessionParams,
        querystring: Type.Object(PageQuery),
        response: { 200: Type.Object({ messages: Type.Array(Type.Ref(Message)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const session = await findVisibleSession(app.services.db, principal, request.params.sessionId);
      // The list name carries the session: a cursor of one session's messages is no good for another.
      const list = `messages:${session.id}`;
      const page = readPage(request.query, list, principal.organizationId);
      const rows = await listMessages(app.services.db, principal.organizationId, session.id, { after: page.after, limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, list, principal.organizationId, (message) => message.id);
      return { messages: items.map(messageView), pagination };
    },
  );
}
