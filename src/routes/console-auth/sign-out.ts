import { Type } from '@sinclair/typebox';
import { authenticate, principalOf } from '../../http/auth.js';
import type { App } from '../../http/context.js';
import { clearSessionCookie } from '../../http/session-cookie.js';
import { deleteBrowserSession } from '../../repositories/browser-sessions.js';

// DELETE /api/v0/auth/session — signs out: the session row is deleted and the cookie cleared.
export default async function signOutRoute(app: App) {
  app.delete(
    '/session',
    {
      onRequest: authenticate(app.services, ['session']),
      schema: { summary: 'Sign out of the console', tags: ['console'], security: [], response: { 204: Type.Null() } },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      if (principal.via === 'session') await deleteBrowserSession(app.services.db, principal.sessionId);
      clearSessionCookie(reply, app.services.config.publicAppUrl);
      return reply.code(204).send(null);
    },
  );
}
