import { Type } from '@sinclair/typebox';
import { DateQuery, rangeOf } from '../../../analytics/query.js';
import { jsonAnswer, userPage, userRowBytes, userRows } from '../../../analytics/read.js';
import { MetaWithCurrency, UserRow } from '../../../analytics/schemas.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { acceptsCsv, csvStream } from '../../../http/csv.js';
import { sendStreamed } from '../../../http/streamed.js';
import { metaWithCurrency } from './daily-route.js';

// GET /api/v1/analytics/users — one row per user and day, paged by user id. A page can hold 100
// users x a year of days, so its JSON and CSV are streamed, a few users' rows at a time.

const CSV_COLUMNS = Object.keys(UserRow.properties);
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
            meta: Type.Object({ ...MetaWithCurrency.properties, has_more: Type.Boolean(), next_cursor: Type.Union([Type.String(), Type.Null()]) }),
          }),
        },
      },
    },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      // The rollup's rows are read where the analytics reads go (read replicas, docs/read-replicas.md).
      const { rollupReads: db, copyOut } = app.services;
      const range = rangeOf(app.services.config.analyticsHistoryStart, request.query);
      const [page, meta] = await Promise.all([
        userPage(db, organizationId, range, { limit: request.query.limit, cursor: request.query.cursor }),
        metaWithCurrency(app, reply, organizationId, range),
      ]);
      // The typed reply knows only the JSON body; streamed text bypasses serialization.
      if (acceptsCsv(request.headers.accept)) {
        // The paging meta travels in headers, since a CSV body has no room for it.
        reply.header('x-has-more', String(page.nextCursor !== null)).header('x-next-cursor', page.nextCursor ?? '').type('text/csv; charset=utf-8');
        return sendStreamed(reply, csvStream(CSV_COLUMNS, parsed(userRows(db, organizationId, range, page.userIds))));
      }
      reply.type('application/json; charset=utf-8');
      // The stored rows travel as bytes.
      return sendStreamed(reply, jsonAnswer(userRowBytes(copyOut, organizationId, range, page.userIds), { ...meta, has_more: page.nextCursor !== null, next_cursor: page.nextCursor }));
    },
  );
}

/** Each item of a chunk is one or more rows, comma-separated (jsonAnswer). */
async function* parsed(chunks: AsyncIterable<string[]>) {
  for await (const items of chunks) yield items.flatMap((rows) => JSON.parse(`[${rows}]`) as Record<string, unknown>[]);
}
