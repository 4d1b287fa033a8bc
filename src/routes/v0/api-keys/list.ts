import { Type } from '@sinclair/typebox';
import { isManager } from '../../../domain/roles.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { ApiKey, Pagination } from '../../../schemas/index.js';
import { apiKeyView } from '../../../schemas/index.js';
import { listApiKeys } from '../../../repositories/api-keys.js';

// GET /api/v0/api-keys — an owner or manager sees every live key of the organization, anyone
// else only their own. Secrets are never listed. `expiringWithinDays` lists the working keys
// that expire within that many days (the console's warning).
export default async function listApiKeysRoute(app: App) {
  app.get(
    '/api-keys',
    {
      schema: {
        summary: 'List API keys',
        tags: ['api-keys'],
        querystring: Type.Object({
          ...PageQuery,
          expiringWithinDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650, description: 'Only working keys that expire within this many days' })),
        }),
        response: { 200: Type.Object({ apiKeys: Type.Array(Type.Ref(ApiKey)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { expiringWithinDays } = request.query;
      // A cursor of the filtered list is no good for the whole one, and the other way round.
      const list = expiringWithinDays === undefined ? 'api-keys' : `api-keys:expiring:${expiringWithinDays}`;
      const page = readPage(request.query, list, principal.organizationId);
      const filter = {
        ...(isManager(principal.role) ? {} : { userId: principal.userId }),
        ...(expiringWithinDays !== undefined && { expiringBefore: new Date(Date.now() + expiringWithinDays * 86_400_000) }),
      };
      const rows = await listApiKeys(app.services.db, principal.organizationId, filter, { after: page.after, limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, list, principal.organizationId, (key) => key.id);
      return { apiKeys: items.map(apiKeyView), pagination };
    },
  );
}
