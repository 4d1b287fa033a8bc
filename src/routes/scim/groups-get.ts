import type { App } from '../../http/context.js';
import { scimBaseUrl, scimCallerOf } from '../../http/scim.js';
import { notFound } from '../../domain/errors.js';
import { findScimGroup } from '../../repositories/scim-groups.js';
import { scimGroupView } from '../../schemas/index.js';
import { Resource, ResourceParams, ResourceQuery, withMembers } from './shared.js';

// GET /scim/v2/Groups/{id}
export default async function getGroupRoute(app: App) {
  app.get('/Groups/:id', { schema: { summary: 'SCIM: read a Group', tags: ['scim'], params: ResourceParams, querystring: ResourceQuery, response: { 200: Resource } } }, async (request) => {
    const group = await findScimGroup(app.services.db, scimCallerOf(request).organizationId, request.params.id, withMembers(request.query));
    if (!group) throw notFound('Group');
    return scimGroupView(group, scimBaseUrl(app.services.config.publicApiUrl));
  });
}
