import { Type } from '@sinclair/typebox';
import type { App } from '../../http/context.js';
import { scimActorOf, scimCallerOf } from '../../http/scim.js';
import { deleteScimGroup } from '../../repositories/scim-groups.js';
import { ResourceParams } from './shared.js';

// DELETE /scim/v2/Groups/{id} — the team goes; its members stay in the organization.
export default async function deleteGroupRoute(app: App) {
  app.delete('/Groups/:id', { schema: { summary: 'SCIM: delete a Group', tags: ['scim'], params: ResourceParams, response: { 204: Type.Null() } } }, async (request, reply) => {
    const { rolesChanged } = await deleteScimGroup(app.services.db, scimCallerOf(request).organizationId, request.params.id, scimActorOf(request));
    if (rolesChanged) await app.services.credentials.awaitChangesHeard(request.log);
    return reply.code(204).send(null);
  });
}
