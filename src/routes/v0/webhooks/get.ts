import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { findWebhook } from '../../../repositories/webhooks.js';
import { WebhookEndpoint, webhookView } from '../../../schemas/index.js';
import { WebhookParams } from './params.js';

// GET /api/v0/webhooks/{webhookId}
export default async function getWebhookRoute(app: App) {
  app.get(
    '/webhooks/:webhookId',
    { schema: { summary: 'Get a webhook endpoint', tags: ['webhooks'], params: WebhookParams, response: { 200: Type.Object({ webhook: Type.Ref(WebhookEndpoint) }) } } },
    async (request) => {
      const { organizationId } = principalOf(request);
      return { webhook: webhookView(await findWebhook(app.services.db, organizationId, request.params.webhookId)) };
    },
  );
}
