import type { App } from '../../http/context.js';
import { scimBaseUrl } from '../../http/scim.js';
import { SCIM } from '../../domain/scim.js';
import { scimListView } from '../../schemas/index.js';
import { Resource } from './shared.js';

// GET /scim/v2/ResourceTypes (RFC 7643 §6): Users and Groups.
export default async function resourceTypesRoute(app: App) {
  app.get('/ResourceTypes', { schema: { summary: 'SCIM: resource types', tags: ['scim'], response: { 200: Resource } } }, async () => {
    const base = scimBaseUrl(app.services.config.publicApiUrl);
    const types = [
      { id: 'User', name: 'User', endpoint: '/Users', description: 'A member of the organization', schema: SCIM.user },
      { id: 'Group', name: 'Group', endpoint: '/Groups', description: 'A team of the organization', schema: SCIM.group },
    ].map((type) => ({ schemas: [SCIM.resourceType], ...type, meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/${type.id}` } }));
    return scimListView(types, types.length, 1);
  });
}
