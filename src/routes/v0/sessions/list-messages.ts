import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { OrderQuery, PageQuery, orderOf, orderedList, pageOf, readPage } from '../../../http/pagination.js';
import { Message, Pagination, StringEnum } from '../../../schemas/index.js';
import { listMessages } from '../../../repositories/messages.js';
import { SessionParams, messageView } from '../../../schemas/index.js';
import { findVisibleSession } from '../../../repositories/sessions.js';

// GET /api/v0/sessions/{sessionId}/messages[?role=&order=asc|desc] — newest first unless order=asc
// (decisions.md §13); a cursor without order continues in its own order.
export default async function listMessagesRoute(app: App) {
  app.get(
    '/sessions/:sessionId/messages',
    {
      schema: {
        summary: 'List the messages of a session',
        tags: ['sessions'],
        params: SessionParams,
        querystring: Type.Object({ ...PageQuery, ...OrderQuery, role: Type.Optional(StringEnum(['user', 'assistant', 'tool', 'system'])) }),
        response: { 200: Type.Object({ messages: Type.Array(Type.Ref(Message)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const session = await findVisibleSession(app.services.db, principal, request.params.sessionId);
      // The list name carries the session: a cursor of one session's messages is no good for another.
      const { role } = request.query;
      const order = orderOf(request.query);
      const list = orderedList(`messages:${session.id}`, order);
      const page = readPage(request.query, list, principal.organizationId);
      const rows = await listMessages(app.services.db, principal.organizationId, session.id, { role }, { after: page.after, limit: page.fetch, order });
      const { items, pagination } = pageOf(rows, page, list, principal.organizationId, (message) => message.id);
      return { messages: items.map(messageView), pagination };
    },
  );
}
