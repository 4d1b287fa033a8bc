import type { App } from '../../http/context.js';
import { scimActorOf, scimBaseUrl, scimCallerOf } from '../../http/scim.js';
import { groupAttributesOf } from '../../domain/scim.js';
import { createScimGroup } from '../../repositories/scim-groups.js';
import { scimGroupView } from '../../schemas/index.js';
import { Body, Resource } from './shared.js';

// POST /scim/v2/Groups — a team of source scim, with its members; 409 uniqueness when a team of
// that name (any source) or a group of that externalId exists.
export default async function createGroupRoute(app: App) {
  app.post('/Groups', { schema: { summary: 'SCIM: create a Group', tags: ['scim'], body: Body, response: { 201: Resource } } }, async (request, reply) => {
    const { group, rolesChanged } = await createScimGroup(app.services.db, scimCallerOf(request).organizationId, groupAttributesOf(request.body), scimActorOf(request));
    if (rolesChanged) await app.services.credentials.awaitChangesHeard(request.log);
    const view = scimGroupView(group, scimBaseUrl(app.services.config.publicApiUrl));
    return reply.code(201).header('Location', view.meta.location).send(view);
  });
}
