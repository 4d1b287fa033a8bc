import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { Pagination, Session } from '../../../schemas/index.js';
import { listSessions } from '../../../repositories/sessions.js';
import { sessionView } from '../../../schemas/index.js';
import { ownedByFilter } from '../../../domain/access.js';

// GET /api/v0/sessions — owner/manager see every session of the organization, a member its own.
export default async function listSessionsRoute(app: App) {
  app.get(
    '/sessions',
    {
      schema: {
        summary: 'List sessions',
        tags: ['sessions'],
        querystring: Type.Object(PageQuery),
        response: { 200: Type.Object({ sessions: Type.Array(Type.Ref(Session)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const page = readPage(request.query, 'sessions', principal.organizationId);
      const rows = await listSessions(app.services.db, principal.organizationId, ownedByFilter(principal), { after: page.after, limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, 'sessions', principal.organizationId, (session) => session.id);
      return { sessions: items.map(sessionView), pagination };
    },
  );
}
