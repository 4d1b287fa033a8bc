import { Type } from '@sinclair/typebox';
import { PremiumRequestRow, premiumRequestRows } from '../../../analytics/premium-requests.js';
import { DateQuery, metaOf, rangeOf } from '../../../analytics/query.js';
import { Meta } from '../../../analytics/schemas.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';

// GET /api/v1/analytics/premium-requests — GitHub Copilot's premium requests per day, person,
// agent product and model (docs/analytics.md "Premium requests"). An extension (decisions.md §14):
// the seed's rows are unchanged, and premium requests are never money.
export default async function premiumRequestsRoute(app: App) {
  app.get(
    '/analytics/premium-requests',
    {
      schema: {
        summary: "Copilot's premium requests per day, person, agent product and model (a count, never money)",
        tags: ['analytics'],
        querystring: Type.Object(DateQuery),
        response: { 200: Type.Object({ data: Type.Array(PremiumRequestRow), meta: Meta }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const range = rangeOf(app.services.config.analyticsHistoryStart, request.query);
      return { data: await premiumRequestRows(app.services.db, organizationId, range), meta: metaOf(organizationId, range) };
    },
  );
}
