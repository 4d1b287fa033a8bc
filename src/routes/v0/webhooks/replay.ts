import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { replayDelivery } from '../../../repositories/webhook-deliveries.js';
import { WebhookDelivery, deliveryView } from '../../../schemas/index.js';
import { DeliveryParams } from './params.js';

// POST /api/v0/webhooks/{webhookId}/deliveries/{deliveryId}/replay — sends it again now, with a
// fresh retry window; 409 while the endpoint is disabled.
export default async function replayDeliveryRoute(app: App) {
  app.post(
    '/webhooks/:webhookId/deliveries/:deliveryId/replay',
    { schema: { summary: 'Send a delivery again', tags: ['webhooks'], params: DeliveryParams, response: { 202: Type.Object({ delivery: Type.Ref(WebhookDelivery) }) } } },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      const delivery = await replayDelivery(app.services.db, organizationId, request.params.webhookId, request.params.deliveryId);
      return reply.code(202).send({ delivery: deliveryView(delivery) });
    },
  );
}
