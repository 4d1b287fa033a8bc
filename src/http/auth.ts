import type { FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/store.js';
import type { AccessTokens } from '../domain/access-tokens.js';
import { looksLikeJwt } from '../domain/access-tokens.js';
import { API_KEY_PREFIX, hashSecret, sameSecret } from '../domain/credentials.js';
import type { KeyPrincipal, UserIdentity } from '../domain/principal.js';
import type { Role } from '../domain/roles.js';
import { CSRF_HEADER, SESSION_COOKIE, SESSION_TOUCH_RESOLUTION_MS } from '../domain/console-auth.js';
import { findLiveKey, touchApiKey, type KeyOwner } from '../repositories/api-keys.js';
import { findLiveBrowserSession, touchBrowserSession } from '../repositories/browser-sessions.js';
import type { CredentialCache } from '../services/credential-cache.js';
import { ApiError } from './errors.js';

// The one auth layer. Each route subtree declares which credentials it takes (an onRequest
// hook from `authenticate`) and which roles (a preHandler from `requireRole`).

/** `ingestKey`: the routes that take telemetry also take ingest keys, which nothing else does. */
export type CredentialKind = 'apiKey' | 'ingestKey' | 'jwt' | 'session';

/** Who calls: through an API key or a token exchanged for one, or through a console session. */
export type UserPrincipal = KeyPrincipal | (UserIdentity & { via: 'session'; sessionId: string; csrfToken: string; sessionExpiresAt: Date });

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
  credentials: CredentialCache;
  accessTokens: AccessTokens;
  config: Pick<Config, 'publicAppUrl'>;
}

const SAFE_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

export function isStateChanging(request: FastifyRequest): boolean {
  return !SAFE_METHODS.includes(request.method);
}

/**
 * A console request must come from the console's own origin (PUBLIC_APP_URL): browsers send
 * Origin on every state-changing request, and a cross-site page cannot forge it.
 */
export function assertConsoleOrigin(request: FastifyRequest, appUrl: string): void {
  if (request.headers.origin !== new URL(appUrl).origin) {
    throw new ApiError('forbidden', `cross-site request refused: the Origin header must be ${new URL(appUrl).origin}`);
  }
}

/** A state-changing request made with the session cookie: same origin and the session's CSRF token. */
function assertNotForged(request: FastifyRequest, appUrl: string, csrfToken: string): void {
  assertConsoleOrigin(request, appUrl);
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || !sameSecret(sent, csrfToken)) {
    throw new ApiError('forbidden', `cross-site request refused: send the session's CSRF token in ${CSRF_HEADER}`);
  }
}

/** The console session named by the qd_session cookie, checked and kept alive. */
async function authenticateSession(deps: AuthDeps, request: FastifyRequest, cookie: string): Promise<void> {
  const session = await findLiveBrowserSession(deps.db, cookie);
  if (!session) throw new ApiError('unauthorized', 'the console session has ended: sign in again');
  if (isStateChanging(request)) assertNotForged(request, deps.config.publicAppUrl, session.csrfToken);
  const now = new Date();
  if (now.getTime() - session.lastSeenAt.getTime() > SESSION_TOUCH_RESOLUTION_MS) await touchBrowserSession(deps.db, session.organizationId, session.sessionId, now);
  const { sessionId, organizationId, userId, email, role, csrfToken, expiresAt } = session;
  request.principal = { kind: 'user', via: 'session', sessionId, organizationId, userId, email, role, csrfToken, sessionExpiresAt: expiresAt };
  request.credentialVerified = true;
}

export function sessionCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}

/** The live key behind a credential, through the credential cache. */
function liveKey(deps: AuthDeps, where: { keyHash: string } | { organizationId: string; apiKeyId: string }): Promise<KeyOwner | undefined> {
  const cacheKey = 'keyHash' in where ? `key-hash:${where.keyHash}` : `key-id:${where.apiKeyId}`;
  return deps.credentials.lookup(cacheKey, () => findLiveKey(deps.db, where), (owner) => owner.expiresAt);
}

export function authenticate(deps: AuthDeps, accepts: readonly CredentialKind[]): onRequestHookHandler {
  const acceptsJwt = accepts.includes('jwt');
  const acceptsKey = accepts.includes('apiKey');
  const acceptsSession = accepts.includes('session');
  const acceptsIngestKey = accepts.includes('ingestKey');
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    // An Authorization header wins over the cookie: scripts in a signed-in browser stay explicit.
    const cookie = token ? undefined : sessionCookieOf(request);
    if (cookie && acceptsSession) return authenticateSession(deps, request, cookie);
    if (!token) throw new ApiError('unauthorized', cookie ? 'this endpoint does not take the console session' : 'missing credential: send Authorization: Bearer <API_KEY>');
    if (acceptsKey && token.startsWith(API_KEY_PREFIX)) {
      const owner = await liveKey(deps, { keyHash: hashSecret(token) });
      if (!owner) throw new ApiError('unauthorized', 'invalid, expired or revoked API key');
      if (owner.keyKind === 'ingest' && !acceptsIngestKey) throw new ApiError('forbidden', 'an ingest key can only send telemetry (OTLP /v1/*, POST /api/v1/telemetry/events)');
      const now = new Date();
      // last-used is kept to the minute: no write on every request. The cached owner remembers it.
      if (!owner.lastUsedAt || now.getTime() - owner.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
        owner.lastUsedAt = now;
        await touchApiKey(deps.db, owner.organizationId, owner.apiKeyId, now);
      }
      request.principal = { kind: 'user', via: 'apiKey', ...owner };
      request.credentialVerified = true;
      return;
    }
    if (acceptsJwt && looksLikeJwt(token)) {
      const claims = await deps.accessTokens.verify(token);
      const owner = claims && (await liveKey(deps, { organizationId: claims.organizationId, apiKeyId: claims.apiKeyId }));
      if (!claims || !owner || owner.userId !== claims.userId || owner.organizationId !== claims.organizationId || owner.keyKind === 'ingest') {
        throw new ApiError('unauthorized', 'invalid or expired access token');
      }
      request.principal = { kind: 'user', via: 'jwt', ...owner };
      request.credentialVerified = true;
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
    request.credentialVerified = true;
  };
}

/** The caller's own console session, which a change it makes to itself should not end. */
export function ownSessionId(principal: UserPrincipal): string | undefined {
  return principal.via === 'session' ? principal.sessionId : undefined;
}
