import { Type } from '@sinclair/typebox';
import { TODAY_DIMENSIONS, TodayRow, todayRows } from '../../../analytics/today.js';
import { priceBookOf } from '../../../repositories/prices.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { StringEnum } from '../../../schemas/index.js';

// GET /api/v1/analytics/today — the day in progress (UTC) so far, per person, model and agent
// product, live from the counters ingestion keeps (docs/analytics.md "Today, live"). An extension
// (decisions.md §14), apart from the seed's analytics, which stop at yesterday.
export default async function todayRoute(app: App) {
  app.get(
    '/analytics/today',
    {
      schema: {
        summary: 'Today so far (UTC), live and partial: tokens, Standard Credits and cost per person, model and agent product',
        tags: ['analytics'],
        querystring: Type.Object({
          group_by: Type.Optional(StringEnum(TODAY_DIMENSIONS, { description: 'One breakdown only, without the total row' })),
        }),
        response: {
          200: Type.Object({
            data: Type.Array(TodayRow),
            meta: Type.Object({
              org_id: Type.String(),
              date: Type.String({ format: 'date', description: 'Today (UTC)' }),
              as_of: Type.String({ format: 'date-time', description: 'The instant the figures were read; every event stored before it counts' }),
              live: Type.Literal(true),
              partial: Type.Literal(true, { description: 'The day is not over: figures grow until midnight UTC, and late events may still add to them' }),
              currency: Type.String({ description: 'ISO 4217 code of the `cost` fields' }),
            }),
          }),
        },
      },
    },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      const now = new Date();
      const prices = await priceBookOf(app.services.db, organizationId);
      const { date, rows } = await todayRows(app.services.db, organizationId, prices, now, request.query.group_by);
      // Live figures: a cache (the browser's, a proxy's) must not hold them.
      reply.header('cache-control', 'no-store').header('x-currency', prices.settings.currency);
      return { data: rows, meta: { org_id: organizationId, date, as_of: now.toISOString(), live: true as const, partial: true as const, currency: prices.settings.currency } };
    },
  );
}
