import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { standingOf } from '../../../repositories/credit-limits.js';
import { CreditLimit } from '../../../schemas/index.js';

const NullableCredits = (description: string) => Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description });

// GET /api/v0/organization/usage/limits/me — the caller's own effective limit and usage, for any
// role: what the budget hook (`quarterdeck hooks budget`) checks before each prompt.
export default async function getMyLimitRoute(app: App) {
  app.get(
    '/organization/usage/limits/me',
    {
      schema: {
        summary: 'Your own monthly credit limit and usage',
        tags: ['credit-limits'],
        response: {
          200: Type.Object({
            limit: CreditLimit,
            used: Type.Number({ minimum: 0, description: 'Standard Credits used this UTC month' }),
            remaining: NullableCredits('Standard Credits left before the limit (never below 0); null without a limit'),
            month: Type.String({ pattern: '^\\d{4}-\\d{2}$', description: 'The UTC month, YYYY-MM' }),
            percent: NullableCredits('used / limit in percent, one decimal; 100 for a limit of 0; null without a limit'),
          }),
        },
      },
    },
    async (request) => {
      const { organizationId, userId } = principalOf(request);
      return standingOf(app.services.db, organizationId, userId);
    },
  );
}
