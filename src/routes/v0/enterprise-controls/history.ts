import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { invalidInput } from '../../../domain/errors.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { ControlChange, Pagination } from '../../../schemas/index.js';
import { listRevisions } from '../../../repositories/enterprise-controls.js';
import { changeView } from '../../../schemas/index.js';

// GET /api/v0/organization/enterprise-controls/history — real revisions, newest first.
export default async function enterpriseControlsHistoryRoute(app: App) {
  app.get(
    '/organization/enterprise-controls/history',
    {
      schema: {
        summary: 'Enterprise control change history',
        tags: ['enterprise-controls'],
        querystring: Type.Object(PageQuery),
        response: { 200: Type.Object({ changes: Type.Array(Type.Ref(ControlChange)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const page = readPage(request.query, 'enterprise-controls-history', organizationId);
      if (page.after !== undefined && !/^[1-9]\d{0,8}$/.test(page.after)) throw invalidInput('cursor is malformed', [{ path: 'querystring/cursor', message: 'malformed cursor' }]);
      const rows = await listRevisions(app.services.db, organizationId, { before: page.after === undefined ? undefined : Number(page.after), limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, 'enterprise-controls-history', organizationId, (row) => String(row.revision));
      return { changes: items.map(changeView), pagination };
    },
  );
}
