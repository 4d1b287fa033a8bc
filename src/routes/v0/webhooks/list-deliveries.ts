import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { listDeliveries } from '../../../repositories/webhook-deliveries.js';
import { Pagination, WebhookDelivery, deliveryView } from '../../../schemas/index.js';
import { WebhookParams } from './params.js';

// GET /api/v0/webhooks/{webhookId}/deliveries — one per event sent to the endpoint, newest first.
export default async function listDeliveriesRoute(app: App) {
  app.get(
    '/webhooks/:webhookId/deliveries',
    {
      schema: {
        summary: 'List the deliveries of a webhook endpoint',
        tags: ['webhooks'],
        params: WebhookParams,
        querystring: Type.Object(PageQuery),
        response: { 200: Type.Object({ deliveries: Type.Array(Type.Ref(WebhookDelivery)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const list = `webhook-deliveries:${request.params.webhookId}`;
      const page = readPage(request.query, list, organizationId);
      const rows = await listDeliveries(app.services.db, organizationId, request.params.webhookId, { before: page.after, limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, list, organizationId, (delivery) => delivery.id);
      return { deliveries: items.map(deliveryView), pagination };
    },
  );
}
