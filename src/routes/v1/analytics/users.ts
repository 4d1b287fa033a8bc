import { Type } from '@sinclair/typebox';
import { DateQuery, metaOf, rangeOf } from '../../../analytics/query.js';
import { userRows } from '../../../analytics/read.js';
import { Meta, UserRow } from '../../../analytics/schemas.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';

// GET /api/v1/analytics/users — one row per user and day, paged by user id.
export default async function usersRoute(app: App) {
  app.get(
    '/analytics/users',
    {
      schema: {
        summary: 'Per-user metrics per day, paged by user',
        tags: ['analytics'],
        querystring: Type.Object({
          ...DateQuery,
          limit: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Users per page' }),
          cursor: Type.Optional(Type.String({ maxLength: 256, pattern: '^[^\\u0000-\\u001F]*$', description: 'meta.next_cursor of the previous page: a user id' })),
        }),
        response: {
          200: Type.Object({
            data: Type.Array(UserRow),
            meta: Type.Object({ ...Meta.properties, has_more: Type.Boolean(), next_cursor: Type.Union([Type.String(), Type.Null()]) }),
          }),
        },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const range = rangeOf(app.services, request.query);
      const page = await userRows(app.services.db, organizationId, range, { limit: request.query.limit, cursor: request.query.cursor });
      return { data: page.rows, meta: { ...metaOf(organizationId, range), has_more: page.nextCursor !== null, next_cursor: page.nextCursor } };
    },
  );
}
