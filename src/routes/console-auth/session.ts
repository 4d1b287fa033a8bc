import { Type } from '@sinclair/typebox';
import { authenticate, principalOf } from '../../http/auth.js';
import type { App } from '../../http/context.js';
import { ApiError } from '../../http/errors.js';
import { ConsoleSession } from '../../schemas/index.js';
import { consoleSessionAnswer } from './start-session.js';

// GET /api/v0/auth/session — who is signed in: user, role, organization and the CSRF token.
export default async function sessionRoute(app: App) {
  app.get(
    '/session',
    {
      onRequest: authenticate(app.services, ['session']),
      schema: { summary: 'The signed-in console user', tags: ['console'], security: [], response: { 200: Type.Ref(ConsoleSession) } },
    },
    async (request) => {
      const principal = principalOf(request);
      if (principal.via !== 'session') throw new ApiError('unauthorized', 'no console session');
      return consoleSessionAnswer(app, app.services.db, { ...principal, expiresAt: principal.sessionExpiresAt });
    },
  );
}
