import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { OrderQuery, PageQuery, orderOf, orderedList, pageOf, readPage } from '../../../http/pagination.js';
import { Pagination, Session } from '../../../schemas/index.js';
import { listSessions } from '../../../repositories/sessions.js';
import { sessionView } from '../../../schemas/index.js';
import { ownedByFilter } from '../../../domain/access.js';

// GET /api/v0/sessions[?computerId=&order=asc|desc] — owner/manager see every session of the
// organization, a member its own; newest first unless order=asc
// (decisions.md §13).
export default async function listSessionsRoute(app: App) {
  app.get(
    '/sessions',
    {
      schema: {
        summary: 'List sessions',
        tags: ['sessions'],
        querystring: Type.Object({ ...PageQuery, ...OrderQuery, computerId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })) }),
        response: { 200: Type.Object({ sessions: Type.Array(Type.Ref(Session)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { computerId } = request.query;
      const order = orderOf(request.query);
      const list = orderedList('sessions', order);
      const page = readPage(request.query, list, principal.organizationId);
      const rows = await listSessions(app.services.db, principal.organizationId, { ...ownedByFilter(principal), computerId }, { after: page.after, limit: page.fetch, order });
      const { items, pagination } = pageOf(rows, page, list, principal.organizationId, (session) => session.id);
      return { sessions: items.map(sessionView), pagination };
    },
  );
}
