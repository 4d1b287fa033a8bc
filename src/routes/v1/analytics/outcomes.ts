import { Type } from '@sinclair/typebox';
import { OUTCOME_GROUPS, OutcomeGroupRow, OutcomeRow, outcomeRows, OutcomeTeamRow } from '../../../analytics/outcomes.js';
import { DateQuery, rangeOf } from '../../../analytics/query.js';
import { MetaWithCurrency } from '../../../analytics/schemas.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { priceBookOf } from '../../../repositories/prices.js';
import { StringEnum } from '../../../schemas/index.js';
import { metaWithCurrency } from './daily-route.js';

// GET /api/v1/analytics/outcomes — merged pull requests per day, AI vs human (docs/outcomes.md).
export default async function outcomesRoute(app: App) {
  app.get(
    '/analytics/outcomes',
    {
      schema: {
        summary: 'Pull requests merged per day (all, agent-assisted, agent-authored), closed unmerged, reverted, merged lines, time to merge and cost per merged pull request',
        tags: ['analytics'],
        querystring: Type.Object({ ...DateQuery, group_by: Type.Optional(StringEnum(OUTCOME_GROUPS)) }),
        // The serializer writes a row with the first schema it fits: the team row before the
        // grouped row whose fields are a subset of its own.
        response: { 200: Type.Object({ data: Type.Array(Type.Union([OutcomeTeamRow, OutcomeGroupRow, OutcomeRow])), meta: MetaWithCurrency }) },
      },
    },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      const range = rangeOf(app.services.config.analyticsHistoryStart, request.query);
      const prices = await priceBookOf(app.services.db, organizationId);
      return { data: await outcomeRows(app.services.db, organizationId, range, prices, request.query.group_by), meta: await metaWithCurrency(app, reply, organizationId, range) };
    },
  );
}
