import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { ssoRedirectUri } from '../../../domain/sso.js';
import { findSsoSettings } from '../../../repositories/organization-sso.js';
import { SsoSettingsAnswer, ssoSettingsView } from '../../../schemas/index.js';

// GET /api/v0/organization/sso — the settings (secret masked) and the redirect URI to register.
export default async function getSsoRoute(app: App) {
  app.get(
    '/organization/sso',
    { schema: { summary: "The organization's single sign-on settings", tags: ['sso'], response: { 200: SsoSettingsAnswer } } },
    async (request) => {
      const settings = await findSsoSettings(app.services.db, principalOf(request).organizationId);
      return { sso: settings ? ssoSettingsView(settings) : null, redirectUri: ssoRedirectUri(app.services.config.publicAppUrl) };
    },
  );
}
