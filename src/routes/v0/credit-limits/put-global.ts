import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { setGlobalLimit } from '../../../repositories/credit-limits.js';
import { CreditLimit } from '../../../schemas/index.js';

// PUT /api/v0/organization/usage/limits/global — set (or, with null, remove) the global limit.
export default async function putGlobalLimitRoute(app: App) {
  app.put(
    '/organization/usage/limits/global',
    {
      schema: {
        summary: 'Set the global monthly credit limit',
        tags: ['credit-limits'],
        body: Type.Object({ limit: CreditLimit }, { additionalProperties: false }),
        response: { 200: Type.Object({ limit: CreditLimit }) },
      },
    },
    async (request) => {
      await setGlobalLimit(app.services.db, principalOf(request).organizationId, request.body.limit, auditActorOf(request));
      return { limit: request.body.limit };
    },
  );
}
