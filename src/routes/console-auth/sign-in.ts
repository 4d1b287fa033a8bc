import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { findMatchingPassword, PASSWORD_MAX_LENGTH } from '../../domain/passwords.js';
import { assertConsoleOrigin } from '../../http/auth.js';
import type { App } from '../../http/context.js';
import { ApiError } from '../../http/errors.js';
import { ConsoleSession } from '../../schemas/index.js';
import { attemptSucceeded, countAttempt } from '../../repositories/sign-in-failures.js';
import { findSignInCandidates, MAX_SIGN_IN_CANDIDATES } from '../../repositories/users.js';
import { InFlightLimit } from '../../services/in-flight.js';
import { emailDomain } from '../../domain/sso.js';
import { findSsoSettings, findSsoSettingsByDomain } from '../../repositories/organization-sso.js';
import { auditFailedSignIn, auditSignIn } from './sign-in-audit.js';
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
        if (!match) {
          await auditWrongPassword(app, request, email, candidates);
          throw new ApiError('unauthorized', 'wrong e-mail or password');
        }
        // "SSO required": the password was right, but only the break-glass owner may use one.
        const sso = await findSsoSettings(db, match.organizationId);
        if (sso?.ssoRequired && sso.breakGlassUserId !== match.id) {
          await auditFailedSignIn(db, request, { organizationId: match.organizationId, userId: match.id, email }, 'password', 'sso_required');
          throw new ApiError('forbidden', 'your organization signs in through single sign-on: continue with your e-mail to your identity provider');
        }
        await attemptSucceeded(db, accountScope, addressScope);
        return await db.transaction().execute(async (trx) => {
          await auditSignIn(trx, request, { organizationId: match.organizationId, userId: match.id, email }, 'password');
          return startConsoleSession(app, reply, trx, { organizationId: match.organizationId, userId: match.id });
        });
      } finally {
        checkingAccounts.leave(accountScope);
        checkingAddresses.leave(addressScope);
      }
    },
  );
}

/**
 * A wrong password is recorded in each organization where the e-mail is a member with a password;
 * an e-mail no one has, in the organization whose single sign-on owns its domain (if any): an
 * e-mail that belongs to no organization has no audit log to go to.
 */
async function auditWrongPassword(app: App, request: FastifyRequest, email: string, candidates: readonly { id: string; organizationId: string }[]): Promise<void> {
  const { db } = app.services;
  for (const candidate of candidates) await auditFailedSignIn(db, request, { organizationId: candidate.organizationId, userId: candidate.id, email }, 'password', 'wrong_password');
  if (candidates.length > 0) return;
  const domain = emailDomain(email);
  const owner = domain ? await findSsoSettingsByDomain(db, domain) : undefined;
  if (owner) await auditFailedSignIn(db, request, { organizationId: owner.organizationId, email }, 'password', 'unknown_email');
}

function busy(): ApiError {
  return new ApiError('rate_limited', 'a sign-in of this account or address is being checked: try again in a second', { headers: { 'Retry-After': '1' } });
}
