import { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import { DateQuery, metaOf, rangeOf } from '../../../analytics/query.js';
import { jsonAnswer, userPage, userRows } from '../../../analytics/read.js';
import { Meta, UserRow } from '../../../analytics/schemas.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { acceptsCsv, csvStream } from '../../../http/csv.js';

// GET /api/v1/analytics/users — one row per user and day, paged by user id. A page can hold 100
// users x a year of days, so its CSV is streamed, a few users' rows at a time.

const CSV_COLUMNS = Object.keys(UserRow.properties);
const USERS_PER_CSV_CHUNK = 10;
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
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      const { db } = app.services;
      const range = rangeOf(app.services.config.analyticsHistoryStart, request.query);
      const page = await userPage(db, organizationId, range, { limit: request.query.limit, cursor: request.query.cursor });
      if (acceptsCsv(request.headers.accept)) {
        // The paging meta travels in headers, since a CSV body has no room for it.
        reply.header('x-has-more', String(page.nextCursor !== null)).header('x-next-cursor', page.nextCursor ?? '').type('text/csv; charset=utf-8');
        // The route's typed reply knows only the JSON body; a stream bypasses serialization.
        return reply.send(Readable.from(csvStream(CSV_COLUMNS, chunksOf(page.userIds))) as never);
      }
      const meta = { ...metaOf(organizationId, range), has_more: page.nextCursor !== null, next_cursor: page.nextCursor };
      // The stored rows joined as text, as the per-day endpoints do.
      return reply.type('application/json; charset=utf-8').send(jsonAnswer(await userRows(db, organizationId, range, page.userIds), meta) as never);

      async function* chunksOf(userIds: string[]) {
        for (let i = 0; i < userIds.length; i += USERS_PER_CSV_CHUNK) {
          const rows = await userRows(db, organizationId, range, userIds.slice(i, i + USERS_PER_CSV_CHUNK));
          yield rows.map((row) => JSON.parse(row) as Record<string, unknown>);
        }
      }
    },
  );
}
