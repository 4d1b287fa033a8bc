import { Type } from '@sinclair/typebox';
import { OUTCOME_GROUPS, OutcomeGroupRow, OutcomeRow, outcomeRows, OutcomeTeamRow } from '../../../analytics/outcomes.js';
import { DateQuery, metaOf, rangeOf } from '../../../analytics/query.js';
import { Meta } from '../../../analytics/schemas.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { StringEnum } from '../../../schemas/index.js';

// GET /api/v1/analytics/outcomes — merged pull requests per day, AI vs human (docs/outcomes.md).
export default async function outcomesRoute(app: App) {
  app.get(
    '/analytics/outcomes',
    {
      schema: {
        summary: 'Pull requests merged per day (all, agent-assisted, agent-authored), closed unmerged, reverted, merged lines and time to merge',
        tags: ['analytics'],
        querystring: Type.Object({ ...DateQuery, group_by: Type.Optional(StringEnum(OUTCOME_GROUPS)) }),
        // The serializer writes a row with the first schema it fits: the team row before the
        // grouped row whose fields are a subset of its own.
        response: { 200: Type.Object({ data: Type.Array(Type.Union([OutcomeTeamRow, OutcomeGroupRow, OutcomeRow])), meta: Meta }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const range = rangeOf(app.services.config.analyticsHistoryStart, request.query);
      return { data: await outcomeRows(app.services.db, organizationId, range, request.query.group_by), meta: metaOf(organizationId, range) };
    },
  );
}
