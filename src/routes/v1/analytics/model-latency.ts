import { Type } from '@sinclair/typebox';
import { ModelLatencyRow, modelLatencyRows } from '../../../analytics/model-latency.js';
import { DateQuery, metaOf, rangeOf } from '../../../analytics/query.js';
import { Meta } from '../../../analytics/schemas.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';

// GET /api/v1/analytics/model-latency — time to first token per day and model (median and 90th
// percentile), where the agent reports it (docs/analytics.md "Time to first token"). An extension
// (decisions.md §14): the seed's rows are unchanged.
export default async function modelLatencyRoute(app: App) {
  app.get(
    '/analytics/model-latency',
    {
      schema: {
        summary: 'Time to first token per day and model (median, 90th percentile), where the agent reports it',
        tags: ['analytics'],
        querystring: Type.Object(DateQuery),
        response: { 200: Type.Object({ data: Type.Array(ModelLatencyRow), meta: Meta }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const range = rangeOf(app.services.config.analyticsHistoryStart, request.query);
      return { data: await modelLatencyRows(app.services.db, organizationId, range), meta: metaOf(organizationId, range) };
    },
  );
}
