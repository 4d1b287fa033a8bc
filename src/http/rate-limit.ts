import rateLimitPlugin from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { looksLikeJwt } from '../domain/access-tokens.js';
import { hashSecret } from '../domain/credentials.js';
import type { SharedRedis } from '../services/shared-redis.js';
import { bearerToken, sessionCookieOf } from './auth.js';
import { ApiError } from './errors.js';

// Rate limits (decisions.md §3, docs/decisions.md "Rate limits") through @fastify/rate-limit: a
// window of one minute per key, in Redis when REDIS_URL is set (shared by every replica), in
// memory otherwise. Each route group declares its limiter and what identifies its caller
// (`limitRequests`). Failed authentications are limited apart, per client address: past the
// limit only credentials this replica has verified before (and access tokens whose signature
// holds) are looked up; any other guess is refused before it costs the store anything.

const WINDOW_MS = 60_000;

export interface RateLimitSettings {
  /** Prefix of the limiter's keys in Redis. */
  keyPrefix: string;
  /** Requests per minute of one ingest key, summed over every address sending with it. */
  ingestKeyPerMinute: number;
  /** Failed authentications per minute per client address, before guesses are refused. */
  failedAuthPerMinute: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hooks once the request's credential is verified. */
    credentialVerified: boolean;
  }
}

function limitExceeded(after: number): ApiError {
  return new ApiError('rate_limited', `rate limit exceeded; retry in ${after} s`, { headers: { 'Retry-After': String(after) } });
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

// One window per key: counted, and given its expiry when the count starts.
const INCREMENT = `local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if n == 1 or ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;
const READ = `local n = redis.call('GET', KEYS[1])
if not n then return {0, 0} end
return {tonumber(n), math.max(redis.call('PTTL', KEYS[1]), 0)}`;

/**
 * The limiter's store in Redis, asked only while Redis is up: a call that fails or times out
 * marks it down (SharedRedis), and while it is down every call fails at once, which the limiter
 * (skipOnError) takes as "let through".
 */
function redisStore(redis: SharedRedis, prefix: string) {
  const call = (script: string, key: string, window: number, callback: StoreCallback) => {
    if (!redis.up) return callback(new Error('Redis is unavailable'));
    redis.client.eval(script, 1, prefix + key, window).then(
      (result) => {
        const [current, ttl] = result as [number, number];
        callback(null, { current, ttl });
      },
      (error: Error) => {
        redis.failed(error);
        callback(error);
      },
    );
  };
  return class RedisLimitStore {
    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      call(INCREMENT, key, timeWindow, callback);
    }
    read(key: string, callback: StoreCallback, timeWindow: number): void {
      call(READ, key, timeWindow, callback);
    }
    // Every limiter's keys name their kind (key:, session:, computer:, ip:, auth-failed:).
    child(): RedisLimitStore {
      return this;
    }
  };
}

/** Credentials this replica has verified lately, by hash: the ones a locked address may still use. */
class VerifiedCredentials {
  private static readonly MAX = 10_000;
  private static readonly TTL_MS = 60 * 60_000;
  private readonly until = new Map<string, number>();

  add(hash: string): void {
    this.until.delete(hash);
    this.until.set(hash, Date.now() + VerifiedCredentials.TTL_MS);
    if (this.until.size > VerifiedCredentials.MAX) this.until.delete(this.until.keys().next().value!);
  }

  has(hash: string): boolean {
    const until = this.until.get(hash);
    return until !== undefined && until > Date.now();
  }
}

/** The credential a request presents: its bearer token, else its console session cookie. */
function presentedSecret(request: FastifyRequest): string | undefined {
  return bearerToken(request) ?? sessionCookieOf(request);
}

/**
 * Routes that take credentials, decided on the route the request matched (its template), never
 * on the text of the URL: `/%61pi/…` and `http://host/api/…` match `/api/…` routes too.
 */
function takesCredentials(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && (route.startsWith('/api/') || route.startsWith('/admin/') || route.startsWith('/v1/') || route.startsWith('/scim/'));
}

/** Installs the limiter's store and the failed-authentication guard for /api, /admin and OTLP's /v1. */
export async function installRateLimit(app: FastifyInstance, settings: RateLimitSettings, redis: SharedRedis | undefined): Promise<void> {
  await app.register(rateLimitPlugin, {
    global: false,
    hook: 'preHandler',
    timeWindow: WINDOW_MS,
    enableDraftSpec: true,
    ...(redis ? { store: redisStore(redis, `${settings.keyPrefix}rate:`) } : {}),
    // The limiter protects the service; it must not take it down when Redis fails: open.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => limitExceeded(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  redis?.onChange((state, previous, reason) => {
    if (state === 'down') app.log.warn({ reason }, 'Redis is unavailable: rate limits are open (not enforced) until it answers again');
    else if (state === 'up' && previous === 'down') app.log.info('Redis answers again: rate limits are enforced again');
  });

  const failedAuth = app.createRateLimit({ keyGenerator: (request) => `auth-failed:${request.ip}`, max: settings.failedAuthPerMinute, timeWindow: WINDOW_MS });
  const verified = new VerifiedCredentials();
  /** May a request from an address past the limit be looked up? Only with a credential known to be good. */
  const knownGood = async (request: FastifyRequest): Promise<boolean> => {
    const secret = presentedSecret(request);
    if (!secret) return false;
    if (verified.has(hashSecret(secret))) return true;
    // A token's signature is checked in memory; the store is asked only about a signed one.
    return looksLikeJwt(secret) && (await app.services.accessTokens.verify(secret)) !== undefined;
  };
  // An ingest key as a whole, over all the addresses sending with it (each has the route group's
  // allowance, byCredential): INGEST_KEY_RATE_LIMIT_PER_MINUTE, so that one fleet cannot take the
  // whole server. One check for every route that takes ingest keys, after authentication (the
  // routes' onRequest hooks) and before the body is read. A check rather than the library's hook:
  // the library runs one limiting hook per request, the route group's, whose RateLimit-* headers
  // (the sender's allowance) the answer carries.
  const wholeIngestKey = app.createRateLimit({
    max: settings.ingestKeyPerMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `ingest-key:${ingestKeyOf(request)}`,
  });
  app.addHook('preParsing', async (request) => {
    // Every other credential passes at once: this hook runs on every request.
    if (ingestKeyOf(request) === undefined) return;
    const state = await wholeIngestKey(request);
    if (!state.isAllowed && state.isExceeded) throw limitExceeded(Math.max(1, state.ttlInSeconds));
  });

  app.decorateRequest('credentialVerified', false);
  app.addHook('onRequest', async (request) => {
    if (!takesCredentials(request)) return;
    const state = await failedAuth(request, { increment: false });
    const locked = !state.isAllowed && state.remaining === 0;
    // Past the limit the address is guessing: a guess is refused before any lookup, while the
    // credentials already proven good from behind the same address (an office) still work.
    if (locked && !(await knownGood(request))) throw limitExceeded(Math.max(1, state.ttlInSeconds));
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.credentialVerified) {
      const secret = presentedSecret(request);
      if (secret) verified.add(hashSecret(secret));
    }
    if (reply.statusCode !== 401 || !takesCredentials(request)) return done();
    failedAuth(request).then(
      () => done(),
      (error: unknown) => {
        request.log.warn({ err: error }, 'rate limiter unavailable');
        done();
      },
    );
  });
}

/**
 * The key a caller is limited by: its API key (JWTs count against the key they came from) or
 * console session, its computer, or its address.
 */
export type CallerKey = (request: FastifyRequest) => string;

export const byCredential: CallerKey = (request) => {
  const principal = request.principal;
  if (principal?.via === 'session') return `session:${principal.sessionId}`;
  // An ingest key is one credential for a whole fleet: each address sending with it has the
  // allowance a person's key has, and the key as a whole is held apart (installRateLimit).
  const ingestKey = ingestKeyOf(request);
  if (ingestKey) return `ingest:${ingestKey}:${request.ip}`;
  return `key:${principal?.apiKeyId ?? request.ip}`;
};
export const byClientAddress: CallerKey = (request) => `ip:${request.ip}`;

/** The limiter of one route group: RATE_LIMIT_PER_MINUTE requests per caller, counted after authentication. */
export function limitRequests(app: FastifyInstance, callerKey: CallerKey): preHandlerHookHandler {
  return app.rateLimit({ max: app.services.config.rateLimitPerMinute, keyGenerator: callerKey });
}

/** The ingest key a request was authenticated with, if it was. */
function ingestKeyOf(request: FastifyRequest): string | undefined {
  const principal = request.principal;
  return principal?.kind === 'user' && principal.via === 'apiKey' && principal.keyKind === 'ingest' ? principal.apiKeyId : undefined;
}
