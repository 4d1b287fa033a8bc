import type { App } from '../../http/context.js';
import { scimActorOf, scimBaseUrl, scimCallerOf } from '../../http/scim.js';
import { memberNameOf, userAttributesOf } from '../../domain/scim.js';
import { createScimUser } from '../../repositories/scim-users.js';
import { isEmail, scimUserView } from '../../schemas/index.js';
import { Body, Resource } from './shared.js';

// POST /scim/v2/Users — a new member (role member, no API key, no invitation: they sign in through
// single sign-on); 409 uniqueness when the userName (e-mail) or externalId is taken.
export default async function createUserRoute(app: App) {
  app.post('/Users', { schema: { summary: 'SCIM: create a User', tags: ['scim'], body: Body, response: { 201: Resource } } }, async (request, reply) => {
    const attributes = userAttributesOf(request.body, isEmail);
    const user = await createScimUser(app.services.db, scimCallerOf(request).organizationId, attributes, memberNameOf(attributes), scimActorOf(request));
    if (!user.active) await app.services.credentials.awaitChangesHeard(request.log);
    const view = scimUserView(user, scimBaseUrl(app.services.config.publicApiUrl));
    return reply.code(201).header('Location', view.meta.location).send(view);
  });
}
