import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { queueTestEvent } from '../../../repositories/webhook-deliveries.js';
import { WebhookDelivery, deliveryView } from '../../../schemas/index.js';
import { WebhookParams } from './params.js';

// POST /api/v0/webhooks/{webhookId}/test — a webhook.test event to this endpoint alone; 409 while
// it is disabled.
export default async function sendTestEventRoute(app: App) {
  app.post(
    '/webhooks/:webhookId/test',
    { schema: { summary: 'Send a test event to a webhook endpoint', tags: ['webhooks'], params: WebhookParams, response: { 202: Type.Object({ delivery: Type.Ref(WebhookDelivery) }) } } },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      const delivery = await queueTestEvent(app.services.db, organizationId, request.params.webhookId);
      return reply.code(202).send({ delivery: deliveryView(delivery) });
    },
  );
}
