import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { ApiError } from './errors.js';
import { bearerToken, sessionCookieOf } from './auth.js';

// Rate limits per credential (the bearer token or the console session cookie; per client address
// when none is sent): a token bucket holding
// `perMinute` requests, refilled continuously. With Redis the buckets are shared by every replica.

export interface BucketResult {
  allowed: boolean;
  remaining: number;
}

export interface BucketStore {
  take(key: string, capacity: number, refillPerMs: number): Promise<BucketResult>;
}

export class MemoryBuckets implements BucketStore {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  async take(key: string, capacity: number, refillPerMs: number): Promise<BucketResult> {
    const now = Date.now();
    const bucket = this.buckets.get(key) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + (now - bucket.at) * refillPerMs);
    bucket.at = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 100_000) this.forgetFullBuckets(capacity, refillPerMs, now);
    return { allowed, remaining: Math.floor(bucket.tokens) };
  }

  private forgetFullBuckets(capacity: number, refillPerMs: number, now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * refillPerMs >= capacity) this.buckets.delete(key);
    }
  }
}

// Runs atomically in Redis, on Redis's clock, so replicas with skewed clocks agree.
const TAKE_SCRIPT = `
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1]) or capacity
local at = tonumber(b[2]) or now
tokens = math.min(capacity, tokens + (now - at) * rate)
local allowed = 0
if tokens >= 1 then tokens = tokens - 1; allowed = 1 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / rate) + 1000)
return {allowed, tostring(tokens)}`;

export class RedisBuckets implements BucketStore {
  constructor(private readonly redis: Redis) {}

  async take(key: string, capacity: number, refillPerMs: number): Promise<BucketResult> {
    const [allowed, tokens] = (await this.redis.eval(TAKE_SCRIPT, 1, `qd:rate:${key}`, capacity, refillPerMs)) as [number, string];
    return { allowed: allowed === 1, remaining: Math.floor(Number(tokens)) };
  }
}

function bucketKey(request: FastifyRequest): string {
  const token = bearerToken(request) ?? sessionCookieOf(request);
  return token ? `c:${createHash('sha256').update(token).digest('hex').slice(0, 32)}` : `ip:${request.ip}`;
}

export function installRateLimit(app: FastifyInstance, store: BucketStore, perMinute: number): void {
  const refillPerMs = perMinute / 60_000;
  const secondsPerToken = Math.max(1, Math.ceil(1 / (refillPerMs * 1000)));
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/admin/')) return;
    let result: BucketResult;
    try {
      result = await store.take(bucketKey(request), perMinute, refillPerMs);
    } catch (error) {
      // The limiter protects the service; it must not take it down when Redis hiccups.
      request.log.warn({ err: error }, 'rate limiter unavailable, request let through');
      return;
    }
    reply.header('RateLimit-Limit', perMinute);
    reply.header('RateLimit-Remaining', result.remaining);
    reply.header('RateLimit-Reset', Math.ceil((perMinute - result.remaining) / refillPerMs / 1000));
    if (!result.allowed) {
      throw new ApiError('rate_limited', `rate limit of ${perMinute} requests per minute exceeded`, { headers: { 'Retry-After': String(secondsPerToken) } });
    }
  });
}
