import { Type } from '@sinclair/typebox';
import { authenticate, principalOf } from '../../http/auth.js';
import { auditActorOf } from '../../http/audit-actor.js';
import type { App } from '../../http/context.js';
import { clearSessionCookie } from '../../http/session-cookie.js';
import { appendAudit } from '../../repositories/audit-log.js';
import { deleteBrowserSession } from '../../repositories/browser-sessions.js';
import { findSsoSettings } from '../../repositories/organization-sso.js';
import { endSessionUrl, type ProviderClients } from '../../services/oidc.js';

// DELETE /api/v0/auth/session — signs out: the session row is deleted and the cookie cleared.
// A session begun through single sign-on answers the provider's logout URL (RP-initiated
// logout, with the ID token as hint) when the provider has one; the console goes there next.

/** Where the provider sends the browser after its logout: register it at the provider. */
const POST_LOGOUT_PATH = '/sign-in';

export default async function signOutRoute(app: App, options: { providers: ProviderClients }) {
  app.delete(
    '/session',
    {
      onRequest: authenticate(app.services, ['session']),
      schema: {
        summary: 'Sign out of the console',
        tags: ['console'],
        security: [],
        response: {
          200: Type.Object({ endSessionUrl: Type.String({ description: "The identity provider's logout URL: open it to sign out there too" }) }),
          204: Type.Null(),
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { db, config } = app.services;
      clearSessionCookie(reply, config.publicAppUrl);
      if (principal.via !== 'session') return reply.code(204).send(null);
      const ended = await db.transaction().execute(async (trx) => {
        const deleted = await deleteBrowserSession(trx, principal.organizationId, principal.sessionId);
        await appendAudit(trx, principal.organizationId, {
          actor: auditActorOf(request),
          action: 'sign_out',
          target: { type: 'user', id: principal.userId, label: principal.email },
          details: { method: deleted?.sealedIdToken ? 'sso' : 'password' },
        });
        return deleted;
      });
      const url = ended?.sealedIdToken ? await providerLogoutUrl(app, options.providers, principal.organizationId, ended.sealedIdToken).catch(() => undefined) : undefined;
      if (!url) return reply.code(204).send(null);
      return reply.code(200).send({ endSessionUrl: url });
    },
  );
}

async function providerLogoutUrl(app: App, providers: ProviderClients, organizationId: string, sealedIdToken: string): Promise<string | undefined> {
  const settings = await findSsoSettings(app.services.db, organizationId);
  if (!settings) return undefined;
  const box = await app.services.secretBox();
  const configuration = await providers.forSettings(settings, box);
  return endSessionUrl(configuration, box.open(sealedIdToken), `${app.services.config.publicAppUrl}${POST_LOGOUT_PATH}`);
}
