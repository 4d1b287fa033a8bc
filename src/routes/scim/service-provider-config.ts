import type { App } from '../../http/context.js';
import { scimBaseUrl } from '../../http/scim.js';
import { MAX_PAGE_SIZE, SCIM } from '../../domain/scim.js';
import { Resource } from './shared.js';

// GET /scim/v2/ServiceProviderConfig (RFC 7643 §5): what this server supports.
export default async function serviceProviderConfigRoute(app: App) {
  app.get('/ServiceProviderConfig', { schema: { summary: 'SCIM: service provider configuration', tags: ['scim'], response: { 200: Resource } } }, async () => ({
    schemas: [SCIM.serviceProviderConfig],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_PAGE_SIZE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [{ type: 'oauthbearertoken', name: 'SCIM token', description: 'Authorization: Bearer <SCIM token>, created by an owner under Settings → Provisioning', primary: true }],
    meta: { resourceType: 'ServiceProviderConfig', location: `${scimBaseUrl(app.services.config.publicApiUrl)}/ServiceProviderConfig` },
  }));
}
