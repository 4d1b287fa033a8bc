import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../domain/audit.js';
import { principalOf } from './auth.js';

// Who a request's audit entries name: the signed-in member, with where they called from.

const MAX_USER_AGENT = 512;

/** The request's origin, for actors that are not members (SCIM, SSO, the platform operator). */
export function requestOrigin(request: FastifyRequest): Pick<AuditActor, 'ip' | 'userAgent' | 'requestId'> {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, MAX_USER_AGENT) : null, requestId: String(request.id) };
}

/** The authenticated member behind a request, as the audit log names them. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const principal = principalOf(request);
  return { type: 'user', userId: principal.userId, label: principal.email, ...requestOrigin(request) };
}

/** The platform operator behind an /admin request (the admin token names no member). */
export function operatorActorOf(request: FastifyRequest): AuditActor {
  return { type: 'admin', userId: null, label: 'platform operator', ...requestOrigin(request) };
}
