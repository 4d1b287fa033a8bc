import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { creditsAgainstLimits, globalLimit, listUserLimits } from '../../../repositories/credit-limits.js';
import { CreditLimit } from '../../../schemas/index.js';

// GET /api/v0/organization/usage/limits/users — the global limit and every per-user override,
// with the credits each of those users used this month.
export default async function getUserLimitsRoute(app: App) {
  app.get(
    '/organization/usage/limits/users',
    {
      schema: {
        summary: 'Per-user credit limits',
        tags: ['credit-limits'],
        response: {
          200: Type.Object({
            globalLimit: CreditLimit,
            userLimits: Type.Array(Type.Object({ email: Type.String(), limit: Type.Integer(), used: Type.Number({ description: 'Standard Credits used this UTC month, as the limit counts them (creditLimitsExcludeIngestKeyTelemetry)' }) })),
          }),
        },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const [global, overrides] = [await globalLimit(app.services.db, organizationId), await listUserLimits(app.services.db, organizationId)];
      const used = await creditsAgainstLimits(app.services.db, organizationId, overrides.map((entry) => entry.userId));
      return { globalLimit: global, userLimits: overrides.map((entry) => ({ email: entry.email, limit: entry.limit, used: used.get(entry.userId) ?? 0 })) };
    },
  );
}
