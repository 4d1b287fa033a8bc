import type { App } from '../../http/context.js';
import { scimBaseUrl, scimCallerOf } from '../../http/scim.js';
import { notFound } from '../../domain/errors.js';
import { findScimUser } from '../../repositories/scim-users.js';
import { scimUserView } from '../../schemas/index.js';
import { Resource, ResourceParams, ResourceQuery } from './shared.js';

// GET /scim/v2/Users/{id}
export default async function getUserRoute(app: App) {
  app.get('/Users/:id', { schema: { summary: 'SCIM: read a User', tags: ['scim'], params: ResourceParams, querystring: ResourceQuery, response: { 200: Resource } } }, async (request) => {
    const user = await findScimUser(app.services.db, scimCallerOf(request).organizationId, request.params.id);
    if (!user) throw notFound('User');
    return scimUserView(user, scimBaseUrl(app.services.config.publicApiUrl));
  });
}
