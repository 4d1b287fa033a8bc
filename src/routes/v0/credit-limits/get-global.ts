import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { globalLimit } from '../../../repositories/credit-limits.js';
import { CreditLimit } from '../../../schemas/index.js';

// GET /api/v0/organization/usage/limits/global — the limit of users without an override.
export default async function getGlobalLimitRoute(app: App) {
  app.get(
    '/organization/usage/limits/global',
    { schema: { summary: 'Global monthly credit limit', tags: ['credit-limits'], response: { 200: Type.Object({ limit: CreditLimit }) } } },
    async (request) => ({ limit: await globalLimit(app.services.db, principalOf(request).organizationId) }),
  );
}
