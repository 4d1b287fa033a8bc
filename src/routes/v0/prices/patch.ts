import { Type } from '@sinclair/typebox';
import { CURRENCY_PATTERN } from '../../../domain/prices.js';
import { MANAGERS } from '../../../domain/roles.js';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf, requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { setPriceSettings } from '../../../repositories/prices.js';
import { DISCOUNT, PriceTable } from './schemas.js';
import { priceTableOf } from './table.js';

// PATCH /api/v0/organization/prices — the currency and the discount. The costs of every day with
// model calls are recomputed (docs/prices.md).
export default async function patchPricesRoute(app: App) {
  app.patch(
    '/organization/prices',
    {
      preHandler: requireRole(MANAGERS),
      schema: {
        summary: 'Set the currency and discount of the organization\'s prices',
        tags: ['prices'],
        body: Type.Object(
          {
            currency: Type.Optional(Type.String({ pattern: CURRENCY_PATTERN, description: 'ISO 4217 code, upper case; the default prices apply in USD only' })),
            discount: Type.Optional(DISCOUNT),
          },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: { 200: PriceTable },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      await setPriceSettings(app.services.db, organizationId, request.body, auditActorOf(request));
      return priceTableOf(app.services.db, organizationId);
    },
  );
}
