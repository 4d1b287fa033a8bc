import { Type } from '@sinclair/typebox';
import { ATTRIBUTION_GROUPS, AttributedCostRow, attributedCostRows } from '../../../analytics/attributed-costs.js';
import { DateQuery, rangeOf } from '../../../analytics/query.js';
import { MetaWithCurrency } from '../../../analytics/schemas.js';
import { priceBookOf } from '../../../repositories/prices.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { StringEnum } from '../../../schemas/index.js';
import { metaWithCurrency } from './daily-route.js';

// GET /api/v1/analytics/attributed-costs — tokens and cost per day and skill, sub-agent, plugin or
// MCP server, where the agent attributes its usage (docs/analytics.md "Cost by skill, sub-agent,
// plugin and MCP server"). An extension (decisions.md §14): the seed's rows are unchanged.
export default async function attributedCostsRoute(app: App) {
  app.get(
    '/analytics/attributed-costs',
    {
      schema: {
        summary: 'Tokens and cost per day by skill, sub-agent, plugin and MCP server, where the agent attributes its usage',
        tags: ['analytics'],
        querystring: Type.Object({
          ...DateQuery,
          group_by: Type.Optional(StringEnum(ATTRIBUTION_GROUPS, { description: 'One kind only (all four when absent)' })),
        }),
        response: { 200: Type.Object({ data: Type.Array(AttributedCostRow), meta: MetaWithCurrency }) },
      },
    },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      const range = rangeOf(app.services.config.analyticsHistoryStart, request.query);
      const { db } = app.services;
      const [prices, meta] = await Promise.all([priceBookOf(db, organizationId), metaWithCurrency(app, reply, organizationId, range)]);
      return { data: await attributedCostRows(db, organizationId, range, prices, request.query.group_by), meta };
    },
  );
}
