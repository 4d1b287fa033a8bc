import type { App } from '../../http/context.js';
import { scimActorOf, scimBaseUrl, scimCallerOf } from '../../http/scim.js';
import { memberNameOf, userAttributesOf } from '../../domain/scim.js';
import { updateScimUser } from '../../repositories/scim-users.js';
import { isEmail, scimUserView } from '../../schemas/index.js';
import { Body, Resource, ResourceParams } from './shared.js';

// PUT /scim/v2/Users/{id} — the member as the provider now has them; `active: false` deactivates
// (keys, computers' tokens and console sessions stop before this answers), `true` reactivates.
export default async function replaceUserRoute(app: App) {
  app.put('/Users/:id', { schema: { summary: 'SCIM: replace a User', tags: ['scim'], params: ResourceParams, body: Body, response: { 200: Resource } } }, async (request) => {
    const attributes = userAttributesOf(request.body, isEmail);
    const user = await updateScimUser(app.services.db, scimCallerOf(request).organizationId, request.params.id, attributes, memberNameOf(attributes), scimActorOf(request));
    await app.services.credentials.awaitChangesHeard(request.log);
    return scimUserView(user, scimBaseUrl(app.services.config.publicApiUrl));
  });
}
