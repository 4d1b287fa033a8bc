import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { createWebhook } from '../../../repositories/webhooks.js';
import { WebhookDescription, WebhookEventTypes, WebhookFormatName, WebhookUrl, WebhookWithSecret, webhookView } from '../../../schemas/index.js';
import { assertWebhookUrl } from './params.js';

// POST /api/v0/webhooks — answers the signing secret, once.
export default async function createWebhookRoute(app: App) {
  app.post(
    '/webhooks',
    {
      schema: {
        summary: 'Create a webhook endpoint',
        tags: ['webhooks'],
        body: Type.Object(
          { url: WebhookUrl, description: Type.Optional(WebhookDescription), eventTypes: Type.Optional(WebhookEventTypes), format: Type.Optional(WebhookFormatName) },
          { additionalProperties: false },
        ),
        response: { 201: WebhookWithSecret },
      },
    },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      assertWebhookUrl(request.body.url, app.services.config.webhookAllowPrivate);
      const { webhook, secret } = await createWebhook(app.services.db, await app.services.secretBox(), organizationId, request.body, auditActorOf(request));
      return reply.code(201).send({ webhook: webhookView(webhook), secret });
    },
  );
}
