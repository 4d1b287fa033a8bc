import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/store.js';
import { requestOrigin } from '../../http/audit-actor.js';
import { appendAudit } from '../../repositories/audit-log.js';

// Sign-ins in the audit log, password and single sign-on alike: the e-mail given and who it
// turned out to be, the method, and why a sign-in failed — never a password or a token.

export type SignInMethod = 'password' | 'sso';

/** A person signing in acts for themselves: the member once known, else the e-mail they gave. */
function signInActor(request: FastifyRequest, email: string, userId: string | null) {
  return { type: 'user' as const, userId, label: email || 'unknown', ...requestOrigin(request) };
}

export async function auditSignIn(db: Db, request: FastifyRequest, who: { organizationId: string; userId: string; email: string }, method: SignInMethod): Promise<void> {
  await appendAudit(db, who.organizationId, {
    actor: signInActor(request, who.email, who.userId),
    action: 'sign_in.succeeded',
    target: { type: 'user', id: who.userId, label: who.email },
    details: { method },
  });
}

export async function auditFailedSignIn(
  db: Db,
  request: FastifyRequest,
  who: { organizationId: string; userId?: string | null; email: string },
  method: SignInMethod,
  reason: string,
): Promise<void> {
  await appendAudit(db, who.organizationId, {
    actor: signInActor(request, who.email, null),
    action: 'sign_in.failed',
    ...(who.userId ? { target: { type: 'user' as const, id: who.userId, label: who.email } } : {}),
    details: { method, reason },
  });
}
