import type { App } from '../../../http/context.js';
import { principalOf } from '../../../http/auth.js';
import { PriceTable } from './schemas.js';
import { priceTableOf } from './table.js';

// GET /api/v0/organization/prices — the organization's price table.
export default async function getPricesRoute(app: App) {
  app.get(
    '/organization/prices',
    { schema: { summary: "The organization's prices per model", tags: ['prices'], response: { 200: PriceTable } } },
    async (request) => priceTableOf(app.services.db, principalOf(request).organizationId),
  );
}
