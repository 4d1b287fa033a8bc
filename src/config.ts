// Every setting the server reads from the environment, parsed and checked in one place.
// docs/configuration.md lists them for operators.

import { parseDay } from './domain/dates.js';

export interface Config {
  port: number;
  host: string;
  /** postgres://... ; when absent the embedded store (PGlite) under dataDir is used. */
  databaseUrl: string | undefined;
  /**
   * A direct PostgreSQL connection for what needs a session of its own (LISTEN), set when
   * DATABASE_URL leads to a transaction pooler such as PgBouncer (docs/deployment.md "Behind PgBouncer").
   */
  databaseDirectUrl: string | undefined;
  dataDir: string;
  /** Max connections of the PostgreSQL pool (one per replica). */
  databasePoolSize: number;
  /** Streaming replicas the analytics reads use (DATABASE_READ_URL, docs/read-replicas.md); empty: none. */
  databaseReadUrls: string[];
  /** A replica whose replay is further behind the primary than this is not used. */
  databaseReadMaxLagSeconds: number;
  /** How often each server checks its read replicas. */
  databaseReadCheckIntervalMs: number;
  redisUrl: string | undefined;
  /** Prefix of every key this deployment writes to Redis, so deployments can share one. */
  redisKeyPrefix: string;
  adminToken: string | undefined;
  jwtSecret: string | undefined;
  /** AES-256 key sealing secrets in settings (SECRET_KEY); generated when absent. */
  secretKey: Buffer | undefined;
  metricsToken: string | undefined;
  publicApiUrl: string;
  publicAppUrl: string;
  rateLimitPerMinute: number;
  /** Requests per minute of one ingest key, summed over every address sending with it. */
  ingestKeyRateLimitPerMinute: number;
  /** Failed console sign-ins allowed per account, and per client address, in 15 minutes. */
  signInMaxFailuresPerAccount: number;
  signInMaxFailuresPerAddress: number;
  /** Failed authentications per minute per client address before it is answered 429. */
  authFailuresPerMinute: number;
  /** Which proxies' X-Forwarded-For to believe (Fastify's trustProxy); false: none. */
  trustProxy: boolean | string;
  /** Largest accepted request body, in bytes. */
  bodyLimitBytes: number;
  /** Largest OTLP/HTTP body as received (compressed or not), in bytes. */
  otlpMaxBodyBytes: number;
  /** Largest OTLP body once decompressed (OTLP/HTTP gzip) and largest OTLP/gRPC message, in bytes. */
  otlpMaxDecompressedBytes: number;
  /** Most items (data points, log records, spans) one OTLP export may carry. */
  otlpMaxItems: number;
  /** Port of the OTLP/gRPC receiver; undefined: no gRPC receiver. */
  otlpGrpcPort: number | undefined;
  /** Address the OTLP/gRPC receiver binds. */
  otlpGrpcHost: string;
  logLevel: string;
  /** How often the analytics rollup looks for days to aggregate, in ms. */
  rollupIntervalMs: number;
  /** How long a claimed run is held without a heartbeat or post from its agent. */
  runLeaseMs: number;
  /** First UTC day analytics report (YYYY-MM-DD). */
  analyticsHistoryStart: string;
  /** Standard Credits multiplier per model id; a model not listed counts 1. */
  modelCatalogue: ReadonlyMap<string, number>;
  /** Webhooks may reach loopback, private and link-local addresses (WEBHOOK_ALLOW_PRIVATE=true). */
  webhookAllowPrivate: boolean;
  /** Single sign-on issuers on loopback or private addresses are fetched (docs/sso.md); off, only public https issuers. */
  ssoAllowPrivateIssuers: boolean;
  /** DNS servers (host or host:port) asked for domain proofs; empty: the system's (docs/sso.md "Proving a domain"). */
  ssoDnsServers: string[];
  /** Deadline of one webhook delivery attempt, connection to last byte read. */
  webhookTimeoutMs: number;
  /** How often each replica looks for webhook deliveries due. */
  webhookIntervalMs: number;
  /** Shortest wait before a webhook retry, and how long retries go on before the endpoint is disabled. */
  webhookRetryBaseMs: number;
  webhookRetryWindowMs: number;
  /** Webhook attempts in flight at once per endpoint and per organization, across replicas (docs/webhooks.md "Fair delivery"). */
  webhookInFlightPerEndpoint: number;
  webhookInFlightPerOrganization: number;
  /** How often each replica checks budgets and credit limits for thresholds crossed (docs/budgets.md). */
  budgetCheckIntervalMs: number;
  /** How long a connection that exported daily may be silent before agent.quiet (docs/otel.md, "Connected agents"). */
  agentQuietAfterMs: number;
  /** How often a replica looks for quiet connections (the pass runs on one replica at a time: a lease). */
  agentQuietCheckIntervalMs: number;
  /** Telemetry retention (docs/retention.md): full months kept before the current UTC month; 0: off. */
  telemetryRetentionMonths: number;
  /** How often a replica runs the telemetry retention pass (one replica at a time: a lease). */
  telemetryRetentionIntervalMs: number;
  /** Idempotency keys deleted per statement, and the pause between two such statements. */
  telemetryRetentionBatchSize: number;
  telemetryRetentionBatchPauseMs: number;
  /** How long the pass's lease outlives its holder: a dead replica's pass is taken over after it. */
  telemetryRetentionLeaseMs: number;
  /** Readiness on computers (docs/readiness.md): the UTC hour from which a night's evaluations are queued. */
  readinessNightlyHour: number;
  /** How often each replica looks for nights due and lapsed evaluations. */
  readinessIntervalMs: number;
  /** The wait before the second try of a failed evaluation (doubling after). */
  readinessRetryDelayMs: number;
  /** Whether file:// and loopback clone URLs are accepted (tests and local trials). */
  readinessLocalRemotes: boolean;
  /** smtp:// or smtps:// URL of the mail server (credentials in it); undefined: no e-mail. */
  smtpUrl: string | undefined;
  /** The From of every mail. */
  mailFrom: string;
  /** How often each replica looks for mails to queue and send. */
  mailIntervalMs: number;
  /** Deadline of one SMTP exchange (connection, greeting, each reply). */
  mailTimeoutMs: number;
  /** Shortest wait before a mail is retried, and how long retries go on before it is given up. */
  mailRetryBaseMs: number;
  mailRetryWindowMs: number;
}

export class ConfigError extends Error {}

/** The OTLP specification's recommended bound on a request body, before and after decompression. */
const OTLP_DEFAULT_LIMIT_BYTES = 64 * 1024 * 1024;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** TELEMETRY_RETENTION_MONTHS: 13 by default, `off` (or 0) keeps every month. */
function retentionMonths(env: NodeJS.ProcessEnv): number {
  if (env.TELEMETRY_RETENTION_MONTHS?.trim().toLowerCase() === 'off') return 0;
  return integer(env, 'TELEMETRY_RETENTION_MONTHS', 13, 0, 1200);
}

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw === '' ? undefined : raw;
}

// TRUST_PROXY: unset or "false" trusts no proxy headers; "true" any proxy (only behind one that
// overwrites X-Forwarded-For); or a comma-separated list of proxy addresses or CIDRs (also the
// names loopback, linklocal, uniquelocal) whose X-Forwarded-For is believed.
function trustProxy(env: NodeJS.ProcessEnv): boolean | string {
  const raw = text(env, 'TRUST_PROXY');
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  return raw;
}

// OTLP_GRPC_PORT: unset or "off" runs no gRPC receiver (docs/otel.md says why); a port runs one.
function grpcPort(env: NodeJS.ProcessEnv): number | undefined {
  const raw = text(env, 'OTLP_GRPC_PORT');
  if (raw === undefined || raw === 'off') return undefined;
  return integer(env, 'OTLP_GRPC_PORT', 0, 0, 65535);
}

// DATABASE_READ_URL: one connection string or several separated by commas; a comma splits only
// where the next URL begins, so a comma inside one (a password) is kept. Only with DATABASE_URL.
function readUrls(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): string[] {
  const raw = text(env, 'DATABASE_READ_URL');
  if (raw === undefined) return [];
  if (!databaseUrl) throw new ConfigError('DATABASE_READ_URL needs DATABASE_URL: read replicas are replicas of a PostgreSQL primary, and the embedded store has none');
  const urls = raw.split(/,(?=\s*postgres(?:ql)?:\/\/)/).map((url) => url.trim());
  for (const url of urls) {
    if (!/^postgres(ql)?:\/\/[^/]/.test(url)) throw new ConfigError('DATABASE_READ_URL must be postgres:// or postgresql:// URLs separated by commas');
  }
  return urls;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = text(env, name);
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function historyStart(env: NodeJS.ProcessEnv): string {
  const raw = text(env, 'ANALYTICS_HISTORY_START') ?? '2026-01-14';
  const day = parseDay(raw);
  if (!day) throw new ConfigError(`ANALYTICS_HISTORY_START must be a YYYY-MM-DD date, got "${raw}"`);
  return day;
}

// MODEL_CATALOGUE is a JSON object from model id to its credit multiplier, e.g. {"big-model": 2.5}.
function modelCatalogue(env: NodeJS.ProcessEnv): Map<string, number> {
  const raw = text(env, 'MODEL_CATALOGUE');
  if (raw === undefined) return new Map();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const entries = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.entries(parsed) : undefined;
  if (!entries || entries.some(([, value]) => typeof value !== 'number' || !Number.isFinite(value) || value < 0)) {
    throw new ConfigError('MODEL_CATALOGUE must be a JSON object from model id to a number >= 0');
  }
  return new Map(entries as [string, number][]);
}

// SECRET_KEY: 32 bytes, as 64 hex digits or base64 / base64url.
function secretKey(env: NodeJS.ProcessEnv): Buffer | undefined {
  const raw = text(env, 'SECRET_KEY');
  if (raw === undefined) return undefined;
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(raw) ? Buffer.from(raw, 'base64') : undefined;
  if (key?.length !== 32) throw new ConfigError('SECRET_KEY must be 32 bytes: 64 hex digits or 44 base64 characters');
  return key;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = text(env, 'HOST') ?? '127.0.0.1';
  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const databaseDirectUrl = text(env, 'DATABASE_DIRECT_URL');
  if (databaseDirectUrl && !databaseUrl) throw new ConfigError('DATABASE_DIRECT_URL is only read with DATABASE_URL (it names the direct connection beside a pooler)');
  if (databaseDirectUrl && !/^postgres(ql)?:\/\//.test(databaseDirectUrl)) {
    throw new ConfigError('DATABASE_DIRECT_URL must start with postgres:// or postgresql://');
  }
  const redisUrl = text(env, 'REDIS_URL');
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  }
  const jwtSecret = text(env, 'JWT_SECRET');
  if (jwtSecret && jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
  const adminToken = text(env, 'ADMIN_TOKEN');
  if (adminToken && adminToken.length < 24) throw new ConfigError('ADMIN_TOKEN must be at least 24 characters');
  const smtpUrl = text(env, 'SMTP_URL');
  if (smtpUrl && !/^smtps?:\/\/[^/]/.test(smtpUrl)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://, e.g. smtp://user:password@mail.example.com:587');
  const mailFrom = text(env, 'MAIL_FROM') ?? 'Quarterdeck <quarterdeck@localhost>';
  if (!/^[^@\s<>]+@[^@\s<>]+$|^[^<>]*<[^@\s<>]+@[^@\s<>]+>$/.test(mailFrom)) throw new ConfigError(`MAIL_FROM must be an address or "Name <address>", got "${mailFrom}"`);
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const publicAppUrl = text(env, 'PUBLIC_APP_URL') ?? origin;
  if (!/^https?:\/\/[^/]+\/?$/.test(publicAppUrl)) throw new ConfigError(`PUBLIC_APP_URL must be an http(s) origin such as https://quarterdeck.example.com, got "${publicAppUrl}"`);
  return {
    port,
    host,
    databaseUrl,
    databaseDirectUrl,
    dataDir: text(env, 'DATA_DIR') ?? './data',
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 200),
    databaseReadUrls: readUrls(env, databaseUrl),
    databaseReadMaxLagSeconds: integer(env, 'DATABASE_READ_MAX_LAG_SECONDS', 30, 1, 86_400),
    databaseReadCheckIntervalMs: integer(env, 'DATABASE_READ_CHECK_INTERVAL_MS', 2000, 100, 600_000),
    redisUrl,
    redisKeyPrefix: text(env, 'REDIS_KEY_PREFIX') ?? 'quarterdeck:',
    adminToken,
    jwtSecret,
    secretKey: secretKey(env),
    metricsToken: text(env, 'METRICS_TOKEN'),
    publicApiUrl: text(env, 'PUBLIC_API_URL') ?? origin,
    publicAppUrl: publicAppUrl.replace(/\/$/, ''),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 1200, 1, 10_000_000),
    ingestKeyRateLimitPerMinute: integer(env, 'INGEST_KEY_RATE_LIMIT_PER_MINUTE', 12_000, 1, 10_000_000),
    signInMaxFailuresPerAccount: integer(env, 'SIGN_IN_MAX_FAILURES_PER_ACCOUNT', 10, 1, 1_000_000),
    signInMaxFailuresPerAddress: integer(env, 'SIGN_IN_MAX_FAILURES_PER_ADDRESS', 100, 1, 1_000_000),
    authFailuresPerMinute: integer(env, 'AUTH_FAILURES_PER_MINUTE', 30, 1, 10_000_000),
    trustProxy: trustProxy(env),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 26_214_400, 1024, 1_073_741_824),
    otlpMaxBodyBytes: integer(env, 'OTLP_MAX_BODY_BYTES', OTLP_DEFAULT_LIMIT_BYTES, 1024, 1_073_741_824),
    otlpMaxDecompressedBytes: integer(env, 'OTLP_MAX_DECOMPRESSED_BYTES', OTLP_DEFAULT_LIMIT_BYTES, 1024, 1_073_741_824),
    otlpMaxItems: integer(env, 'OTLP_MAX_ITEMS', 100_000, 1, 10_000_000),
    otlpGrpcPort: grpcPort(env),
    otlpGrpcHost: text(env, 'OTLP_GRPC_HOST') ?? host,
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    rollupIntervalMs: integer(env, 'ROLLUP_INTERVAL_MS', 5000, 100, 86_400_000),
    runLeaseMs: integer(env, 'RUN_LEASE_MS', 60_000, 500, 86_400_000),
    analyticsHistoryStart: historyStart(env),
    modelCatalogue: modelCatalogue(env),
    webhookAllowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE'),
    ssoAllowPrivateIssuers: flag(env, 'SSO_ALLOW_PRIVATE_ISSUERS'),
    ssoDnsServers: (env.SSO_DNS_SERVERS ?? '').split(',').map((server) => server.trim()).filter(Boolean),
    webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    webhookIntervalMs: integer(env, 'WEBHOOK_INTERVAL_MS', 1000, 100, 3_600_000),
    webhookRetryBaseMs: integer(env, 'WEBHOOK_RETRY_BASE_MS', 30_000, 100, 3_600_000),
    webhookRetryWindowMs: integer(env, 'WEBHOOK_RETRY_WINDOW_MS', 86_400_000, 1000, 7 * 86_400_000),
    webhookInFlightPerEndpoint: integer(env, 'WEBHOOK_IN_FLIGHT_PER_ENDPOINT', 4, 1, 64),
    webhookInFlightPerOrganization: integer(env, 'WEBHOOK_IN_FLIGHT_PER_ORGANIZATION', 16, 1, 64),
    budgetCheckIntervalMs: integer(env, 'BUDGET_CHECK_INTERVAL_MS', 60_000, 100, 3_600_000),
    agentQuietAfterMs: integer(env, 'AGENT_QUIET_AFTER_HOURS', 72, 1, 720) * 3_600_000,
    agentQuietCheckIntervalMs: integer(env, 'AGENT_QUIET_CHECK_INTERVAL_MS', 900_000, 100, 86_400_000),
    telemetryRetentionMonths: retentionMonths(env),
    telemetryRetentionIntervalMs: integer(env, 'TELEMETRY_RETENTION_INTERVAL_MS', 3_600_000, 100, 86_400_000),
    telemetryRetentionBatchSize: integer(env, 'TELEMETRY_RETENTION_BATCH_SIZE', 10_000, 1, 1_000_000),
    telemetryRetentionBatchPauseMs: integer(env, 'TELEMETRY_RETENTION_BATCH_PAUSE_MS', 0, 0, 60_000),
    telemetryRetentionLeaseMs: integer(env, 'TELEMETRY_RETENTION_LEASE_MS', 120_000, 1000, 3_600_000),
    readinessNightlyHour: integer(env, 'READINESS_NIGHTLY_HOUR', 2, 0, 23),
    readinessIntervalMs: integer(env, 'READINESS_INTERVAL_MS', 300_000, 100, 3_600_000),
    readinessRetryDelayMs: integer(env, 'READINESS_RETRY_DELAY_MS', 600_000, 0, 86_400_000),
    readinessLocalRemotes: flag(env, 'READINESS_LOCAL_REMOTES'),
    smtpUrl,
    mailFrom,
    mailIntervalMs: integer(env, 'MAIL_INTERVAL_MS', 5000, 100, 3_600_000),
    mailTimeoutMs: integer(env, 'MAIL_TIMEOUT_MS', 30_000, 100, 300_000),
    mailRetryBaseMs: integer(env, 'MAIL_RETRY_BASE_MS', 60_000, 100, 3_600_000),
    mailRetryWindowMs: integer(env, 'MAIL_RETRY_WINDOW_MS', 86_400_000, 1000, 7 * 86_400_000),
  };
}
