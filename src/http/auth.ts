import type { FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { Db } from '../db/store.js';
import type { AccessTokens } from '../domain/access-tokens.js';
import { looksLikeJwt } from '../domain/access-tokens.js';
import { API_KEY_PREFIX, hashSecret, sameSecret } from '../domain/credentials.js';
import type { Role } from '../domain/roles.js';
import { findLiveKey, touchApiKey } from '../repositories/api-keys.js';
import { ApiError } from './errors.js';

// The one auth layer. Each route subtree declares which credentials it takes (an onRequest
// hook from `authenticate`) and which roles (a preHandler from `requireRole`).

export type CredentialKind = 'apiKey' | 'jwt';

export interface UserPrincipal {
  kind: 'user';
  via: CredentialKind;
  organizationId: string;
  userId: string;
  email: string;
  role: Role;
  apiKeyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: UserPrincipal | null;
  }
}

/** The authenticated user of a request behind `authenticate`. */
export function principalOf(request: FastifyRequest): UserPrincipal {
  if (!request.principal) throw new ApiError('unauthorized', 'authentication required');
  return request.principal;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

const LAST_USED_RESOLUTION_MS = 60_000;

export interface AuthDeps {
  db: Db;
  accessTokens: AccessTokens;
}

export function authenticate(deps: AuthDeps, accepts: readonly CredentialKind[]): onRequestHookHandler {
  const acceptsJwt = accepts.includes('jwt');
  const acceptsKey = accepts.includes('apiKey');
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new ApiError('unauthorized', 'missing credential: send Authorization: Bearer <API_KEY>');
    if (acceptsKey && token.startsWith(API_KEY_PREFIX)) {
      const owner = await findLiveKey(deps.db, { keyHash: hashSecret(token) });
      if (!owner) throw new ApiError('unauthorized', 'invalid, expired or revoked API key');
      const now = new Date();
      // last-used is kept to the minute: no write on every request.
      if (!owner.lastUsedAt || now.getTime() - owner.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) await touchApiKey(deps.db, owner.apiKeyId, now);
      request.principal = { kind: 'user', via: 'apiKey', ...owner };
      return;
    }
    if (acceptsJwt && looksLikeJwt(token)) {
      const claims = await deps.accessTokens.verify(token);
      const owner = claims && (await findLiveKey(deps.db, { apiKeyId: claims.apiKeyId }));
      if (!claims || !owner || owner.userId !== claims.userId || owner.organizationId !== claims.organizationId) {
        throw new ApiError('unauthorized', 'invalid or expired access token');
      }
      request.principal = { kind: 'user', via: 'jwt', ...owner };
      return;
    }
    throw new ApiError('unauthorized', acceptsJwt ? 'invalid credential' : 'this endpoint takes an API key only');
  };
}

export function requireRole(roles: readonly Role[]): preHandlerHookHandler {
  return async (request: FastifyRequest) => {
    const principal = principalOf(request);
    if (!roles.includes(principal.role)) {
      throw new ApiError('forbidden', `role ${principal.role} may not call this endpoint (needs ${roles.join(' or ')})`);
    }
  };
}

/** Platform operators: the ADMIN_TOKEN. */
export function authenticateAdmin(adminToken: string): onRequestHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token || !sameSecret(token, adminToken)) throw new ApiError('unauthorized', 'admin token required');
  };
}
