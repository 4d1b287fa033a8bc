import { Type } from '@sinclair/typebox';
import { assertConsoleOrigin } from '../../http/auth.js';
import type { App } from '../../http/context.js';
import { ApiError } from '../../http/errors.js';
import { setSsoStateCookie } from '../../http/session-cookie.js';
import { emailDomain, SSO_SIGN_IN_TTL_MS, ssoRedirectUri } from '../../domain/sso.js';
import { findSsoSettingsByDomain, insertPendingSignIn } from '../../repositories/organization-sso.js';
import { startAuthorization, type ProviderClients } from '../../services/oidc.js';

// POST /api/v0/auth/sso/start — the sign-in page's e-mail step: an e-mail of a domain that signs
// in through single sign-on gets the provider's authorization URL (and this browser a cookie
// binding it to the sign-in); any other goes on to the password step.

export default async function ssoStartRoute(app: App, options: { providers: ProviderClients }) {
  app.post(
    '/sso/start',
    {
      schema: {
        summary: 'Route a sign-in by e-mail: single sign-on or password',
        tags: ['console'],
        security: [],
        body: Type.Object({ email: Type.String({ minLength: 3, maxLength: 320 }) }, { additionalProperties: false }),
        response: {
          200: Type.Object({
            method: Type.Union([Type.Literal('password'), Type.Literal('sso')]),
            redirectUrl: Type.Optional(Type.String({ description: "The identity provider's authorization URL (method sso)" })),
          }),
        },
      },
    },
    async (request, reply) => {
      const { db, config } = app.services;
      assertConsoleOrigin(request, config.publicAppUrl);
      const email = request.body.email.trim();
      const domain = emailDomain(email);
      const settings = domain ? await findSsoSettingsByDomain(db, domain) : undefined;
      if (!settings) return { method: 'password' as const };
      const box = await app.services.secretBox();
      let configuration;
      try {
        configuration = await options.providers.forSettings(settings, box);
      } catch {
        throw new ApiError('unavailable', 'your identity provider could not be reached: try again later');
      }
      const start = await startAuthorization(configuration, ssoRedirectUri(config.publicAppUrl), email);
      await insertPendingSignIn(db, start.state, { organizationId: settings.organizationId, codeVerifier: start.codeVerifier, nonce: start.nonce, returnTo: '/' });
      setSsoStateCookie(reply, config.publicAppUrl, start.state, SSO_SIGN_IN_TTL_MS / 1000);
      return { method: 'sso' as const, redirectUrl: start.url.href };
    },
  );
}
