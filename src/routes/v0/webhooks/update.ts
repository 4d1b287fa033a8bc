import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { changeWebhook } from '../../../repositories/webhooks.js';
import { WebhookDescription, WebhookEndpoint, WebhookEventTypes, WebhookFormatName, WebhookUrl, webhookView } from '../../../schemas/index.js';
import { assertWebhookUrl, WebhookParams } from './params.js';

// PATCH /api/v0/webhooks/{webhookId} — change its URL, description, event types or format;
// `enabled` disables it or enables it again (clearing why it was disabled).
export default async function updateWebhookRoute(app: App) {
  app.patch(
    '/webhooks/:webhookId',
    {
      schema: {
        summary: 'Change, disable or enable a webhook endpoint',
        tags: ['webhooks'],
        params: WebhookParams,
        body: Type.Object(
          {
            url: Type.Optional(WebhookUrl),
            description: Type.Optional(WebhookDescription),
            eventTypes: Type.Optional(WebhookEventTypes),
            format: Type.Optional(WebhookFormatName),
            enabled: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ webhook: Type.Ref(WebhookEndpoint) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      if (request.body.url !== undefined) assertWebhookUrl(request.body.url, app.services.config.webhookAllowPrivate);
      return { webhook: webhookView(await changeWebhook(app.services.db, organizationId, request.params.webhookId, request.body, auditActorOf(request))) };
    },
  );
}
