import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { listWebhooks } from '../../../repositories/webhooks.js';
import { Pagination, WebhookEndpoint, webhookView } from '../../../schemas/index.js';

// GET /api/v0/webhooks — in creation order.
export default async function listWebhooksRoute(app: App) {
  app.get(
    '/webhooks',
    {
      schema: {
        summary: 'List the webhook endpoints of the organization',
        tags: ['webhooks'],
        querystring: Type.Object(PageQuery),
        response: { 200: Type.Object({ webhooks: Type.Array(Type.Ref(WebhookEndpoint)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const page = readPage(request.query, 'webhooks', organizationId);
      const rows = await listWebhooks(app.services.db, organizationId, { after: page.after, limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, 'webhooks', organizationId, (webhook) => webhook.id);
      return { webhooks: items.map(webhookView), pagination };
    },
  );
}
