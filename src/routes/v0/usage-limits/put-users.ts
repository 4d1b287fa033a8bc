import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { Email } from '../../../http/schemas.js';
import { activeUsersByEmail, setUserLimits } from '../../../repositories/credit-limits.js';

// PUT /api/v0/organization/usage/limits/users — set per-user limits in bulk (null removes an
// override). A malformed request is 400 as a whole; entries that cannot apply go to `errors` and
// the others are applied together, in one transaction.
export default async function putUserLimitsRoute(app: App) {
  app.put(
    '/organization/usage/limits/users',
    {
      schema: {
        summary: 'Set per-user credit limits',
        tags: ['usage-limits'],
        body: Type.Object(
          {
            users: Type.Array(
              Type.Object(
                { email: Email, limit: Type.Union([Type.Integer({ maximum: Number.MAX_SAFE_INTEGER }), Type.Null()], { description: 'Standard Credits per UTC month (>= 0); null removes the override' }) },
                { additionalProperties: false },
              ),
              { minItems: 1, maxItems: 100 },
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            updated: Type.Array(Type.Object({ email: Type.String(), limit: Type.Union([Type.Integer(), Type.Null()]) })),
            errors: Type.Array(Type.Object({ email: Type.String(), error: Type.String() })),
          }),
        },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const entries = request.body.users;
      const users = await activeUsersByEmail(app.services.db, organizationId, entries.map((entry) => entry.email));
      const seen = new Set<string>();
      const updated: { email: string; limit: number | null; userId: string }[] = [];
      const errors: { email: string; error: string }[] = [];
      for (const { email, limit } of entries) {
        const key = email.toLowerCase();
        const userId = users.get(key);
        if (seen.has(key)) errors.push({ email, error: 'repeats the e-mail of an earlier entry' });
        else if (limit !== null && limit < 0) errors.push({ email, error: 'limit must be an integer >= 0, or null to remove the limit' });
        else if (userId === undefined) errors.push({ email, error: 'not an active user of this organization' });
        else updated.push({ email, limit, userId });
        seen.add(key);
      }
      await setUserLimits(app.services.db, organizationId, updated);
      return { updated: updated.map(({ email, limit }) => ({ email, limit })), errors };
    },
  );
}
