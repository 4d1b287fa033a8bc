import rateLimitPlugin from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { ApiError } from './errors.js';

// Rate limits (decisions.md §3, docs/decisions.md "Rate limits") through @fastify/rate-limit: a
// window of one minute per key, in Redis when REDIS_URL is set (shared by every replica), in
// memory otherwise. Each route group declares its limiter and what identifies its caller
// (`limitRequests`); failed authentications are limited apart, per client address, so that
// guessing credentials costs the guesser and not the store.

const WINDOW_MS = 60_000;

export interface RateLimitSettings {
  /** Prefix of the limiter's keys in Redis. */
  keyPrefix: string;
  /** Requests per minute per caller. */
  perMinute: number;
  /** Failed authentications per minute per client address, before every answer is 429. */
  failedAuthPerMinute: number;
}

function limitExceeded(after: number): ApiError {
  return new ApiError('rate_limited', `rate limit exceeded; retry in ${after} s`, { headers: { 'Retry-After': String(after) } });
}

/** Installs the limiter's store and the failed-authentication guard for /api, /admin and OTLP's /v1. */
export async function installRateLimit(app: FastifyInstance, settings: RateLimitSettings, redis: Redis | undefined): Promise<void> {
  await app.register(rateLimitPlugin, {
    global: false,
    hook: 'preHandler',
    timeWindow: WINDOW_MS,
    enableDraftSpec: true,
    nameSpace: `${settings.keyPrefix}rate:`,
    ...(redis ? { redis } : {}),
    // The limiter protects the service; it must not take it down when Redis hiccups.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => limitExceeded(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  const failedAuth = app.createRateLimit({ keyGenerator: (request) => `auth-failed:${request.ip}`, max: settings.failedAuthPerMinute, timeWindow: WINDOW_MS });
  const guarded = (request: FastifyRequest) => request.url.startsWith('/api/') || request.url.startsWith('/admin/') || request.url.startsWith('/v1/');
  app.addHook('onRequest', (request, _reply, done) => {
    if (!guarded(request)) return done();
    failedAuth(request, { increment: false }).then(
      // Past the limit, even a right credential waits: the address is guessing.
      (state) => done(!state.isAllowed && state.remaining === 0 ? limitExceeded(Math.max(1, state.ttlInSeconds)) : undefined),
      done,
    );
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode !== 401 || !guarded(request)) return done();
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
  return `key:${principal?.apiKeyId ?? request.ip}`;
};
export const byClientAddress: CallerKey = (request) => `ip:${request.ip}`;

/** The limiter of one route group: RATE_LIMIT_PER_MINUTE requests per caller, counted after authentication. */
export function limitRequests(app: FastifyInstance, callerKey: CallerKey): preHandlerHookHandler {
  return app.rateLimit({ max: app.services.config.rateLimitPerMinute, keyGenerator: callerKey });
}
