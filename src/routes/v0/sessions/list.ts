import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { OrderQuery, PageQuery, orderOf, orderedList, pageOf, readPage } from '../../../http/pagination.js';
import { Pagination, Session } from '../../../schemas/index.js';
import { listSessions } from '../../../repositories/sessions.js';
import { sessionView } from '../../../schemas/index.js';
import { ownedByFilter } from '../../../domain/access.js';

// GET /api/v0/sessions[?computerId=&ownerId=&order=asc|desc] — owner/manager see every session of
// the organization, a member its own; newest first unless order=asc (decisions.md §13).
// `ownerId` (an extension) keeps one person's sessions: a member asking for someone else's gets
// an empty list, as for an id no one has, so the answer tells nothing a 403 would.
export default async function listSessionsRoute(app: App) {
  app.get(
    '/sessions',
    {
      schema: {
        summary: 'List sessions',
        tags: ['sessions'],
        querystring: Type.Object({
          ...PageQuery,
          ...OrderQuery,
          computerId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
          ownerId: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'Only the sessions of this user (a member sees only their own)' })),
        }),
        response: { 200: Type.Object({ sessions: Type.Array(Type.Ref(Session)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { computerId, ownerId } = request.query;
      const order = orderOf(request.query);
      // A cursor of one filtered list is no good for another, nor for the whole one, and the other way round.
      const filters = [ownerId === undefined ? '' : `:owner:${ownerId}`, computerId === undefined ? '' : `:computer:${computerId}`].join('');
      const list = orderedList(`sessions${filters}`, order);
      const page = readPage(request.query, list, principal.organizationId);
      const visible = ownedByFilter(principal);
      if (ownerId !== undefined && visible.ownerUserId !== undefined && ownerId !== visible.ownerUserId) return { sessions: [], pagination: { hasMore: false, nextCursor: null } };
      const filter = { ownerUserId: ownerId ?? visible.ownerUserId, computerId };
      const rows = await listSessions(app.services.db, principal.organizationId, filter, { after: page.after, limit: page.fetch, order });
      const { items, pagination } = pageOf(rows, page, list, principal.organizationId, (session) => session.id);
      return { sessions: items.map(sessionView), pagination };
    },
  );
}
