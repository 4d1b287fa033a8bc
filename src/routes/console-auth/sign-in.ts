import { Type } from '@sinclair/typebox';
import { PASSWORD_MAX_LENGTH, verifyAgainstDecoy, verifyPassword } from '../../domain/passwords.js';
import { assertConsoleOrigin } from '../../http/auth.js';
import type { App } from '../../http/context.js';
import { ApiError } from '../../http/errors.js';
import { ConsoleSession } from '../../schemas/index.js';
import { clearFailures, lockedForSeconds, recordFailure } from '../../repositories/sign-in-failures.js';
import { findSignInCandidates } from '../../repositories/users.js';
import { startConsoleSession } from './start-session.js';

// POST /api/v0/auth/sign-in — e-mail and password; one message for a wrong e-mail or password.
// Failed attempts are limited per account and per client address (docs/console-auth.md).
export default async function signInRoute(app: App) {
  app.post(
    '/sign-in',
    {
      schema: {
        summary: 'Sign in to the console (sets the session cookie)',
        tags: ['console'],
        security: [],
        body: Type.Object(
          { email: Type.String({ minLength: 1, maxLength: 320 }), password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Ref(ConsoleSession) },
      },
    },
    async (request, reply) => {
      const { db, config } = app.services;
      assertConsoleOrigin(request, config.publicAppUrl);
      const email = request.body.email.trim().toLowerCase();
      const accountScope = `account:${email}`;
      const limits = [
        { scope: accountScope, max: config.signInMaxFailuresPerAccount },
        { scope: `address:${request.ip}`, max: config.signInMaxFailuresPerAddress },
      ];
      const waitSeconds = await lockedForSeconds(db, limits);
      if (waitSeconds !== undefined) {
        throw new ApiError('rate_limited', 'too many failed sign-ins: try again later', { headers: { 'Retry-After': String(waitSeconds) } });
      }
      const candidates = await findSignInCandidates(db, email);
      let match: (typeof candidates)[number] | undefined;
      for (const candidate of candidates) {
        if (await verifyPassword(request.body.password, candidate.passwordHash)) {
          match = candidate;
          break;
        }
      }
      if (candidates.length === 0) await verifyAgainstDecoy(request.body.password);
      if (!match) {
        await recordFailure(db, limits.map((limit) => limit.scope));
        throw new ApiError('unauthorized', 'wrong e-mail or password');
      }
      await clearFailures(db, accountScope);
      return startConsoleSession(app, reply, db, { organizationId: match.organizationId, userId: match.id });
    },
  );
}
