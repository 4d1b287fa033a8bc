import { Type } from '@sinclair/typebox';
import type { App } from '../../http/context.js';
import { scimActorOf, scimBaseUrl, scimCallerOf } from '../../http/scim.js';
import { notFound } from '../../domain/errors.js';
import { applyPatch, groupAttributesOf, patchOperationsOf } from '../../domain/scim.js';
import { findScimGroup, updateScimGroup } from '../../repositories/scim-groups.js';
import { scimGroupView } from '../../schemas/index.js';
import { Body, Resource, ResourceParams } from './shared.js';

// PATCH /scim/v2/Groups/{id} — renames and member changes as Okta and Entra ID send them
// (`members` add/remove with a value list, `members[value eq "…"]` removal, path-less replace of
// displayName). Answers 204, as both providers document for groups.
export default async function patchGroupRoute(app: App) {
  app.patch('/Groups/:id', { schema: { summary: 'SCIM: patch a Group', tags: ['scim'], params: ResourceParams, body: Body, response: { 204: Type.Null() } } }, async (request, reply) => {
    const { organizationId } = scimCallerOf(request);
    const operations = patchOperationsOf(request.body);
    const current = await findScimGroup(app.services.db, organizationId, request.params.id, true);
    if (!current) throw notFound('Group');
    const after = groupAttributesOf(applyPatch(scimGroupView(current, scimBaseUrl(app.services.config.publicApiUrl)), operations));
    const { rolesChanged } = await updateScimGroup(app.services.db, organizationId, current.id, after, scimActorOf(request));
    if (rolesChanged) await app.services.credentials.awaitChangesHeard(request.log);
    return reply.code(204).send(null);
  });
}
