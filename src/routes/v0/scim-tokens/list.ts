import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { scimBaseUrl } from '../../../http/scim.js';
import { listScimTokens } from '../../../repositories/scim-tokens.js';
import { Pagination, ScimToken, scimTokenView } from '../../../schemas/index.js';

// GET /api/v0/organization/scim-tokens — live tokens, oldest first, never their secrets; with
// the SCIM base URL a provider is given.
export default async function listScimTokensRoute(app: App) {
  app.get(
    '/organization/scim-tokens',
    {
      schema: {
        summary: 'List SCIM tokens',
        tags: ['scim-tokens'],
        querystring: Type.Object(PageQuery),
        response: { 200: Type.Object({ scimTokens: Type.Array(Type.Ref(ScimToken)), scimBaseUrl: Type.String(), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const page = readPage(request.query, 'scim-tokens', organizationId);
      const rows = await listScimTokens(app.services.db, organizationId, { after: page.after, limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, 'scim-tokens', organizationId, (token) => token.id);
      return { scimTokens: items.map(scimTokenView), scimBaseUrl: scimBaseUrl(app.services.config.publicApiUrl), pagination };
    },
  );
}
