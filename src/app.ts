import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Config } from './config.js';
import type { Store } from './db/store.js';
import { openReadReplicas } from './db/read-replicas.js';
import { takeEmbeddedBackup } from './db/backup.js';
import { AccessTokens } from './domain/access-tokens.js';
import { lazySecretBox } from './domain/secret-box.js';
import type { App } from './http/context.js';
import { answerClientError } from './http/client-error.js';
import { installCompression } from './http/compression.js';
import { frameworkError, installErrorHandling } from './http/error-handler.js';
import { installJsonBody } from './http/json-body.js';
import { installMetrics } from './http/metrics.js';
import { installRateLimit } from './http/rate-limit.js';
import { ErrorBody, sharedSchemas } from './schemas/index.js';
import { ClaimWakeups } from './services/claim-wakeups.js';
import { CredentialCache } from './services/credential-cache.js';
import { TelemetryRetention } from './telemetry/retention-pass.js';
import type { SharedRedis } from './services/shared-redis.js';
import { installValidation } from './http/validation.js';
import { sharedSecret } from './repositories/server-secrets.js';
import adminRoutes from './routes/admin/index.js';
import consoleAuthRoutes from './routes/console-auth/index.js';
import consoleRoutes, { browserNotFound } from './routes/console/index.js';
import appRoutes from './routes/app/index.js';
import healthRoutes from './routes/ops/health.js';
import v0Routes from './routes/v0/index.js';
import gitWebhookRoutes from './routes/git-webhooks/index.js';
import v1Routes from './routes/v1/index.js';
import agentRoutes from './routes/v0/agent/index.js';
import otlpRoutes from './routes/otlp/index.js';
import scimRoutes from './routes/scim/index.js';
import type { OtlpConsumer } from './otlp/consumer.js';
import { createOtlpConsumer } from './otlp/consume.js';

// Builds the HTTP application: infrastructure first, then the route subtrees.

export interface AppOptions {
  config: Config;
  store: Store;
  /** Shares rate limits across replicas when given. */
  redis?: SharedRedis | undefined;
  adminToken: string;
  logger?: FastifyServerOptions['logger'];
  /** The built web console (index.html and assets/); dist/web by default. */
  webRoot?: string;
  /** What becomes of OTLP exports; without one, every item is refused as "not configured". */
  otlpConsumer?: OtlpConsumer;
}

// From src/app.ts and from dist/app.js alike, ../dist/web is the built console.
const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../dist/web/', import.meta.url));

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * One access-log line per request, when it completes, instead of Fastify's two (each line is a
 * write), with the fields an operator reads (the request id comes with the request's logger).
 */
function isApiAnswer(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route === undefined || route.startsWith('/api/') || route.startsWith('/admin/');
}

/** Console paths whose last segment is a one-time secret (the invitation and setup links). */
const SECRET_PATH = /^(\/(?:invite|setup)\/)[^?#]*/;
/** The single sign-on callback's query carries the provider's authorization code and the state. */
const SSO_CALLBACK_QUERY = /^(\/api\/v0\/auth\/sso\/callback\?).*/;
/** Secrets with their prefix wherever they appear in a URL (a mistaken link, a query parameter). */
const SECRET_VALUE = /\b(qdi_|qdsetup_|qds_|qdc_|qd_)[\w-]+/g;

/** The URL as the access log writes it: one-time links and anything shaped like a secret redacted. */
export function loggedUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SSO_CALLBACK_QUERY, '$1[redacted]').replace(SECRET_VALUE, '$1[redacted]');
}

class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: loggedUrl(request.url), remoteAddress: request.ip, statusCode: reply.statusCode, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export async function buildApp(options: AppOptions): Promise<App> {
  const { config, store } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new AccessLog(),
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    frameworkErrors: frameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const jwtKey = config.jwtSecret ?? (await sharedSecret(store.db, 'jwt-signing-key'));
  const readReplicas = await openReadReplicas(config, store);
  app.decorate('services', {
    config,
    db: store.db,
    rollupReads: readReplicas?.db ?? store.db,
    copyOut: { pool: readReplicas?.pool ?? store.pool, answersAtOnce: store.kind === 'embedded' },
    readReplicas,
    copyIn: store.kind === 'postgres',
    accessTokens: new AccessTokens(new TextEncoder().encode(jwtKey)),
    adminToken: options.adminToken,
    secretBox: lazySecretBox({
      configured: config.secretKey,
      dataDir: store.kind === 'embedded' ? config.dataDir : undefined,
      shared: () => sharedSecret(store.db, 'settings-secret-key'),
    }),
    backup: store.kind === 'embedded' ? () => takeEmbeddedBackup(store, config.secretKey ? undefined : config.dataDir) : undefined,
    claimWakeups: new ClaimWakeups(),
    credentials: await CredentialCache.open(store),
    otlpConsumer: options.otlpConsumer ?? createOtlpConsumer({ db: store.db, catalogue: config.modelCatalogue, copyIn: store.kind === 'postgres', maxItems: config.otlpMaxItems }),
    telemetryRetention: new TelemetryRetention(
      store.db,
      { months: config.telemetryRetentionMonths, batchSize: config.telemetryRetentionBatchSize, batchPauseMs: config.telemetryRetentionBatchPauseMs, leaseMs: config.telemetryRetentionLeaseMs },
      app.log,
    ),
    redis: options.redis,
  });
  // Long-polling claims end (with 204) as soon as the server begins to close.
  app.addHook('preClose', async () => app.services.claimWakeups.close());
  app.addHook('onClose', async () => app.services.credentials.close());
  app.addHook('onClose', async () => readReplicas?.close());
  app.decorateRequest('principal', null);

  // Hooks on every request take a callback where they have nothing to wait for: no promise each.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    // No answer is to be read as anything but its declared type.
    reply.header('X-Content-Type-Options', 'nosniff');
    // API answers are one caller's data, and many carry secrets (keys, tokens, invitation links,
    // CSRF tokens): no cache, shared or private, keeps them. Unmatched paths answer JSON 404s.
    if (isApiAnswer(request)) reply.header('Cache-Control', 'no-store');
    done();
  });
  // A browser's unknown page gets the console's 404 page (its title, its language), not JSON.
  const notFound = browserNotFound(config.publicAppUrl);
  installErrorHandling(app, notFound);
  // JSON only: a text body is 415, not a validation error.
  app.removeContentTypeParser('text/plain');
  installJsonBody(app);
  installValidation(app, sharedSchemas);
  // Parsed before the rate limit, which counts a console session as its credential.
  await app.register(cookie);
  await installRateLimit(app, { keyPrefix: config.redisKeyPrefix, ingestKeyPerMinute: config.ingestKeyRateLimitPerMinute, failedAuthPerMinute: config.authFailuresPerMinute }, options.redis);
  installMetrics(app, config.metricsToken, options.redis, readReplicas, [app.services.telemetryRetention.dropped]);
  // Before any route (the console's files included): it hooks each route as it is added.
  await installCompression(app);

  // Every route documents the one error body for its 4xx and 5xx answers.
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.url.startsWith('/docs')) return;
    const response = (route.schema.response ??= {}) as Record<string, unknown>;
    response['4xx'] ??= Type.Ref(ErrorBody);
    response['5xx'] ??= Type.Ref(ErrorBody);
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Quarterdeck API', version: '0.1.0', description: 'Organization analytics, readiness reports, enterprise controls, computers, sessions and credit limits.' },
      servers: [{ url: config.publicApiUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  // The API reference page gets a CSP like the console's (its scripts and styles by hash, nothing
  // from elsewhere, no framing): the library's own policy, tightened.
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { validatorUrl: null },
    staticCSP: true,
    transformStaticCSP: (header) =>
      `${header
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replaceAll(' https:', '')
        .replace(' validator.swagger.io', '')
        .replace(/;?\s*$/, '')}; form-action 'self'`,
    uiHooks: {
      onRequest: (_request, reply, done) => {
        reply.header('X-Frame-Options', 'DENY');
        done();
      },
    },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(healthRoutes);
  await app.register(adminRoutes, { prefix: '/admin/v1' });
  await app.register(v0Routes, { prefix: '/api/v0' });
  // The console's ways in (sign-in, invitations, setup, session) sit outside the v0 subtree: they
  // are public or take the session cookie alone.
  await app.register(consoleAuthRoutes, { prefix: '/api/v0/auth' });
  // The app host's routes (readiness reports) keep their unversioned paths.
  await app.register(appRoutes);
  await app.register(v1Routes, { prefix: '/api/v1' });
  // Git hosts' webhooks carry their own signature instead of a credential (docs/outcomes.md).
  await app.register(gitWebhookRoutes, { prefix: '/api/v1' });
  // The computer agent's routes take computer tokens only, so they sit outside the v0 subtree.
  await app.register(agentRoutes, { prefix: '/api/v0/agent' });
  // OTLP/HTTP keeps the paths OpenTelemetry exporters append to their endpoint.
  await app.register(otlpRoutes);
  // SCIM 2.0 for identity providers: their own token, media type and error body (docs/scim.md).
  await app.register(scimRoutes, { prefix: '/scim/v2' });
  await app.register(consoleRoutes, { webRoot: options.webRoot ?? DEFAULT_WEB_ROOT, notFound });
  return app;
}
