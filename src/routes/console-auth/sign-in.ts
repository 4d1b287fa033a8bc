import { Type } from '@sinclair/typebox';
import { findMatchingPassword, PASSWORD_MAX_LENGTH } from '../../domain/passwords.js';
import { assertConsoleOrigin } from '../../http/auth.js';
import type { App } from '../../http/context.js';
import { ApiError } from '../../http/errors.js';
import { ConsoleSession } from '../../schemas/index.js';
import { attemptSucceeded, countAttempt } from '../../repositories/sign-in-failures.js';
import { findSignInCandidates, MAX_SIGN_IN_CANDIDATES } from '../../repositories/users.js';
import { InFlightLimit } from '../../services/in-flight.js';
import { startConsoleSession } from './start-session.js';

// POST /api/v0/auth/sign-in — e-mail and password; one message for a wrong e-mail or password.
// Attempts are limited per account and per client address, counted before the password check,
// and only a few checks run at once per account and per address (docs/console-auth.md).

/** Password checks running at once in this process, per account and per client address. */
const CONCURRENT_CHECKS_PER_ACCOUNT = 2;
const CONCURRENT_CHECKS_PER_ADDRESS = 4;

export default async function signInRoute(app: App) {
  const checkingAccounts = new InFlightLimit(CONCURRENT_CHECKS_PER_ACCOUNT);
  const checkingAddresses = new InFlightLimit(CONCURRENT_CHECKS_PER_ADDRESS);
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
      const addressScope = `address:${request.ip}`;
      if (!checkingAccounts.tryEnter(accountScope)) throw busy();
      if (!checkingAddresses.tryEnter(addressScope)) {
        checkingAccounts.leave(accountScope);
        throw busy();
      }
      try {
        const waitSeconds = await countAttempt(db, [
          { scope: accountScope, max: config.signInMaxFailuresPerAccount },
          { scope: addressScope, max: config.signInMaxFailuresPerAddress },
        ]);
        if (waitSeconds !== undefined) {
          throw new ApiError('rate_limited', 'too many failed sign-ins: try again later', { headers: { 'Retry-After': String(waitSeconds) } });
        }
        const candidates = await findSignInCandidates(db, email);
        const matched = await findMatchingPassword(
          request.body.password,
          candidates.map((candidate) => candidate.passwordHash),
          MAX_SIGN_IN_CANDIDATES,
        );
        const match = candidates[matched];
        // A failure stays counted: its attempt was recorded before the check.
        if (!match) throw new ApiError('unauthorized', 'wrong e-mail or password');
        await attemptSucceeded(db, accountScope, addressScope);
        return await startConsoleSession(app, reply, db, { organizationId: match.organizationId, userId: match.id });
      } finally {
        checkingAccounts.leave(accountScope);
        checkingAddresses.leave(addressScope);
      }
    },
  );
}

function busy(): ApiError {
  return new ApiError('rate_limited', 'a sign-in of this account or address is being checked: try again in a second', { headers: { 'Retry-After': '1' } });
}
