import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { rotateWebhookSecret } from '../../../repositories/webhooks.js';
import { WebhookWithSecret, webhookView } from '../../../schemas/index.js';
import { WebhookParams } from './params.js';

// POST /api/v0/webhooks/{webhookId}/rotate-secret — a new signing secret, shown once; the old one
// signs nothing from now on.
export default async function rotateWebhookSecretRoute(app: App) {
  app.post(
    '/webhooks/:webhookId/rotate-secret',
    { schema: { summary: "Replace a webhook endpoint's signing secret", tags: ['webhooks'], params: WebhookParams, response: { 200: WebhookWithSecret } } },
    async (request) => {
      const { organizationId } = principalOf(request);
      const { webhook, secret } = await rotateWebhookSecret(app.services.db, await app.services.secretBox(), organizationId, request.params.webhookId, auditActorOf(request));
      return { webhook: webhookView(webhook), secret };
    },
  );
}
