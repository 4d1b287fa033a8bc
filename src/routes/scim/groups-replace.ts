import type { App } from '../../http/context.js';
import { scimActorOf, scimBaseUrl, scimCallerOf } from '../../http/scim.js';
import { groupAttributesOf } from '../../domain/scim.js';
import { updateScimGroup } from '../../repositories/scim-groups.js';
import { scimGroupView } from '../../schemas/index.js';
import { Body, Resource, ResourceParams } from './shared.js';

// PUT /scim/v2/Groups/{id} — name, externalId and the whole member list.
export default async function replaceGroupRoute(app: App) {
  app.put('/Groups/:id', { schema: { summary: 'SCIM: replace a Group', tags: ['scim'], params: ResourceParams, body: Body, response: { 200: Resource } } }, async (request) => {
    const { group, rolesChanged } = await updateScimGroup(app.services.db, scimCallerOf(request).organizationId, request.params.id, groupAttributesOf(request.body), scimActorOf(request));
    if (rolesChanged) await app.services.credentials.awaitChangesHeard(request.log);
    return scimGroupView(group, scimBaseUrl(app.services.config.publicApiUrl));
  });
}
