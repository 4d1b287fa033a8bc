import type { App } from '../../http/context.js';
import acceptInvitation from './accept-invitation.js';
import session from './session.js';
import setup from './setup.js';
import signIn from './sign-in.js';
import signOut from './sign-out.js';
import ssoCallback from './sso-callback.js';
import ssoStart from './sso-start.js';
import { ProviderClients } from '../../services/oidc.js';

// /api/v0/auth/…: how people get into the console (decisions.md §11, docs/console-auth.md).
// No subtree-wide credential: sign-in, invitations and setup are public; the session routes
// take the session cookie alone.
export default async function consoleAuthRoutes(app: App) {
  // Discovered provider configurations, shared by the single sign-on routes of this server.
  const providers = new ProviderClients(app.services.config.ssoAllowPrivateIssuers);
  await app.register(signIn);
  await app.register(ssoStart, { providers });
  await app.register(ssoCallback, { providers });
  await app.register(acceptInvitation);
  await app.register(setup);
  await app.register(session);
  await app.register(signOut, { providers });
}
