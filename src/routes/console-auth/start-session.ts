import type { FastifyReply } from 'fastify';
import type { Static } from '@sinclair/typebox';
import type { Db } from '../../db/store.js';
import type { App } from '../../http/context.js';
import { notFound } from '../../domain/errors.js';
import type { ConsoleSession } from '../../schemas/index.js';
import { setSessionCookie } from '../../http/session-cookie.js';
import { userView } from '../../schemas/index.js';
import { createBrowserSession } from '../../repositories/browser-sessions.js';
import { findOrganization } from '../../repositories/organizations.js';
import { findUser, recordSignIn } from '../../repositories/users.js';

// What every way into the console shares: the answer naming who is signed in, and starting a
// session (row + cookie).

export async function consoleSessionAnswer(
  app: App,
  db: Db,
  session: { organizationId: string; userId: string; csrfToken: string; expiresAt: Date },
): Promise<Static<typeof ConsoleSession>> {
  const [user, organization] = await Promise.all([findUser(db, session.organizationId, session.userId), findOrganization(db, session.organizationId)]);
  if (!user || !organization) throw notFound('user');
  return {
    user: userView(user),
    organization: { id: organization.id, name: organization.name },
    csrfToken: session.csrfToken,
    apiUrl: app.services.config.publicApiUrl,
    expiresAt: session.expiresAt.getTime(),
  };
}

/**
 * Opens a session for the user (inside the caller's transaction when given) and sets its cookie.
 * A single sign-on passes the provider's ID token, sealed, for RP-initiated logout.
 */
export async function startConsoleSession(app: App, reply: FastifyReply, db: Db, who: { organizationId: string; userId: string }, sealedIdToken: string | null = null) {
  const now = new Date();
  const session = await createBrowserSession(db, who.organizationId, who.userId, now, sealedIdToken);
  await recordSignIn(db, who.organizationId, who.userId, now);
  setSessionCookie(reply, app.services.config.publicAppUrl, session.token, session.expiresAt);
  return consoleSessionAnswer(app, db, { ...who, csrfToken: session.csrfToken, expiresAt: session.expiresAt });
}
