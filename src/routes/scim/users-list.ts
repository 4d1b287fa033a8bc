import type { App } from '../../http/context.js';
import { scimBaseUrl, scimCallerOf } from '../../http/scim.js';
import { scimPageOf, scimQueryOf } from '../../domain/scim.js';
import { listScimUsers } from '../../repositories/scim-users.js';
import { scimListView, scimUserView } from '../../schemas/index.js';
import { ListQuery, Resource } from './shared.js';

// GET /scim/v2/Users — the organization's members, filtered (eq on userName, externalId,
// displayName, id) and paged (startIndex, count); the provider's deleted members are left out.
export default async function listUsersRoute(app: App) {
  app.get('/Users', { schema: { summary: 'SCIM: list Users', tags: ['scim'], querystring: ListQuery, response: { 200: Resource } } }, async (request) => {
    const { organizationId } = scimCallerOf(request);
    const query = scimQueryOf(request.query.filter, 'User');
    const page = scimPageOf(request.query);
    const { total, users } = await listScimUsers(app.services.db, organizationId, query, page);
    const base = scimBaseUrl(app.services.config.publicApiUrl);
    return scimListView(users.map((user) => scimUserView(user, base)), total, page.startIndex);
  });
}
