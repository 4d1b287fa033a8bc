import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { deleteWebhook } from '../../../repositories/webhooks.js';
import { WebhookParams } from './params.js';

// DELETE /api/v0/webhooks/{webhookId} — with its pending deliveries and its delivery log.
export default async function deleteWebhookRoute(app: App) {
  app.delete(
    '/webhooks/:webhookId',
    { schema: { summary: 'Delete a webhook endpoint', tags: ['webhooks'], params: WebhookParams, response: { 204: Type.Null() } } },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      await deleteWebhook(app.services.db, organizationId, request.params.webhookId, auditActorOf(request));
      return reply.code(204).send(null);
    },
  );
}
