import type { App } from '../../http/context.js';
import { scimActorOf, scimBaseUrl, scimCallerOf } from '../../http/scim.js';
import { notFound } from '../../domain/errors.js';
import { applyPatch, memberNameOf, patchOperationsOf, userAttributesOf } from '../../domain/scim.js';
import { findScimUser, updateScimUser } from '../../repositories/scim-users.js';
import { isEmail, scimUserView } from '../../schemas/index.js';
import { Body, Resource, ResourceParams } from './shared.js';

// PATCH /scim/v2/Users/{id} — PatchOp as Okta and Microsoft Entra ID send it (docs/scim.md
// "PATCH"): the operations are applied to the User as Quarterdeck reads it, and what they leave
// is written like a PUT. `active` false/"False" deactivates, true/"True" reactivates.
export default async function patchUserRoute(app: App) {
  app.patch('/Users/:id', { schema: { summary: 'SCIM: patch a User', tags: ['scim'], params: ResourceParams, body: Body, response: { 200: Resource } } }, async (request) => {
    const { organizationId } = scimCallerOf(request);
    const operations = patchOperationsOf(request.body);
    const current = await findScimUser(app.services.db, organizationId, request.params.id);
    if (!current) throw notFound('User');
    const base = scimBaseUrl(app.services.config.publicApiUrl);
    const before = userAttributesOf(scimUserView(current, base), isEmail);
    const after = userAttributesOf(applyPatch(scimUserView(current, base), operations), isEmail);
    if (after.active === before.active) after.active = undefined;
    const user = await updateScimUser(app.services.db, organizationId, current.id, after, memberNameOf(after, before), scimActorOf(request));
    await app.services.credentials.awaitChangesHeard(request.log);
    return scimUserView(user, base);
  });
}
