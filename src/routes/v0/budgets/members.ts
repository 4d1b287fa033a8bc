import { Type } from '@sinclair/typebox';
import { memberFigures } from '../../../analytics/budget-figures.js';
import { monthPosition } from '../../../domain/forecast.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { MemberLimitStatus, StringEnum } from '../../../schemas/index.js';

const SORTS = ['percent', 'used', 'forecast'] as const;

// GET /api/v0/budgets/members — every active member with a credit limit (their own or the
// organization's), what they used this month, and their month-end forecast: highest `sort`
// first, then by e-mail. Not paged: one row per member with a limit, for "who is at 75/90/100 %".
export default async function memberLimitsRoute(app: App) {
  app.get(
    '/budgets/members',
    {
      schema: {
        summary: "Members' credit limits with this month's use and forecast",
        tags: ['budgets'],
        querystring: Type.Object({ sort: Type.Optional(StringEnum(SORTS, { description: 'Highest first; default percent' })) }, { additionalProperties: false }),
        response: { 200: Type.Object({ month: Type.String(), members: Type.Array(Type.Ref(MemberLimitStatus)) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const now = new Date();
      const sort = request.query.sort ?? 'percent';
      const members = await memberFigures(app.services.db, organizationId, now);
      members.sort((a, b) => b[sort] - a[sort] || (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
      return { month: monthPosition(now).month, members };
    },
  );
}
