import type { App } from '../../http/context.js';
import { scimBaseUrl, scimCallerOf } from '../../http/scim.js';
import { scimPageOf, scimQueryOf } from '../../domain/scim.js';
import { listScimGroups } from '../../repositories/scim-groups.js';
import { scimGroupView, scimListView } from '../../schemas/index.js';
import { ListQuery, Resource, withMembers } from './shared.js';

// GET /scim/v2/Groups — the teams the provider made (source scim), filtered (eq on displayName,
// externalId, id) and paged; `excludedAttributes=members` leaves the members out.
export default async function listGroupsRoute(app: App) {
  app.get('/Groups', { schema: { summary: 'SCIM: list Groups', tags: ['scim'], querystring: ListQuery, response: { 200: Resource } } }, async (request) => {
    const query = scimQueryOf(request.query.filter, 'Group');
    const page = scimPageOf(request.query);
    const { total, groups } = await listScimGroups(app.services.db, scimCallerOf(request).organizationId, query, page, withMembers(request.query));
    const base = scimBaseUrl(app.services.config.publicApiUrl);
    return scimListView(groups.map((group) => scimGroupView(group, base)), total, page.startIndex);
  });
}
