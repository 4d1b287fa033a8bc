import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { listAttempts } from '../../../repositories/webhook-deliveries.js';
import { Pagination, WebhookAttempt, attemptView } from '../../../schemas/index.js';
import { WebhookParams } from './params.js';

// GET /api/v0/webhooks/{webhookId}/attempts — the delivery log: every attempt, newest first.
export default async function listAttemptsRoute(app: App) {
  app.get(
    '/webhooks/:webhookId/attempts',
    {
      schema: {
        summary: 'The delivery log of a webhook endpoint',
        tags: ['webhooks'],
        params: WebhookParams,
        querystring: Type.Object(PageQuery),
        response: { 200: Type.Object({ attempts: Type.Array(Type.Ref(WebhookAttempt)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const list = `webhook-attempts:${request.params.webhookId}`;
      const page = readPage(request.query, list, organizationId);
      const rows = await listAttempts(app.services.db, organizationId, request.params.webhookId, { before: page.after, limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, list, organizationId, (attempt) => attempt.id);
      return { attempts: items.map(attemptView), pagination };
    },
  );
}
