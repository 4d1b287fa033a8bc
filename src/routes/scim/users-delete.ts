import { Type } from '@sinclair/typebox';
import type { App } from '../../http/context.js';
import { scimActorOf, scimCallerOf } from '../../http/scim.js';
import { deleteScimUser } from '../../repositories/scim-users.js';
import { ResourceParams } from './shared.js';

// DELETE /scim/v2/Users/{id} — the member is deactivated (their history stays in analytics) and
// the User answers 404 from then on; a later POST of the same userName brings the member back.
export default async function deleteUserRoute(app: App) {
  app.delete('/Users/:id', { schema: { summary: 'SCIM: delete a User', tags: ['scim'], params: ResourceParams, response: { 204: Type.Null() } } }, async (request, reply) => {
    await deleteScimUser(app.services.db, scimCallerOf(request).organizationId, request.params.id, scimActorOf(request));
    await app.services.credentials.awaitChangesHeard(request.log);
    return reply.code(204).send(null);
  });
}
