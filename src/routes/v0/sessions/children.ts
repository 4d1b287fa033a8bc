import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { OrderQuery, PageQuery, orderOf, orderedList, pageOf, readPage } from '../../../http/pagination.js';
import { Pagination, Session, SessionParams, sessionView } from '../../../schemas/index.js';
import { findVisibleSession, listSessions } from '../../../repositories/sessions.js';
import { ownedByFilter } from '../../../domain/access.js';

// GET /api/v0/sessions/{sessionId}/children[?order=asc|desc] — the sessions started from this
// one (their `parentSessionId`), by a person or by an agent; newest first, as the sessions list.
// A member sees the children it owns.
export default async function listChildrenRoute(app: App) {
  app.get(
    '/sessions/:sessionId/children',
    {
      schema: {
        summary: 'List the sessions started from a session',
        tags: ['sessions'],
        params: SessionParams,
        querystring: Type.Object({ ...PageQuery, ...OrderQuery }),
        response: { 200: Type.Object({ sessions: Type.Array(Type.Ref(Session)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const parent = await findVisibleSession(app.services.db, principal, request.params.sessionId);
      const order = orderOf(request.query);
      const list = orderedList(`children:${parent.id}`, order);
      const page = readPage(request.query, list, principal.organizationId);
      const rows = await listSessions(app.services.db, principal.organizationId, { ...ownedByFilter(principal), parentSessionId: parent.id }, { after: page.after, limit: page.fetch, order });
      const { items, pagination } = pageOf(rows, page, list, principal.organizationId, (session) => session.id);
      return { sessions: items.map(sessionView), pagination };
    },
  );
}
