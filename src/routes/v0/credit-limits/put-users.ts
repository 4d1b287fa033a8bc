import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { Email } from '../../../schemas/index.js';
import { setUserLimits } from '../../../repositories/credit-limits.js';

// PUT /api/v0/organization/usage/limits/users — set per-user limits in bulk (null removes an
// override). A malformed request is 400 as a whole; entries that cannot apply go to `errors` and
// the others are applied together, in one transaction.
export default async function putUserLimitsRoute(app: App) {
  app.put(
    '/organization/usage/limits/users',
    {
      schema: {
        summary: 'Set per-user credit limits',
        tags: ['credit-limits'],
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
      return setUserLimits(app.services.db, organizationId, request.body.users, auditActorOf(request));
    },
  );
}
