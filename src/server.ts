import pino from 'pino';
import { buildApp } from './app.js';
import { resolveAdminToken } from './admin-token.js';
import type { Config } from './config.js';
import { ensurePrivateDir } from './db/private-dir.js';
import { migrate } from './db/migrate.js';
import { openStore, type Store } from './db/store.js';
import { listenWhileStarting, type StartingListener } from './http/starting.js';
import { clearClaims } from './analytics/pending-days.js';
import { issueSetupLink } from './repositories/setup-link.js';
import { SharedRedis } from './services/shared-redis.js';
import { readinessNightlyJob } from './jobs/readiness-nightly.js';
import { budgetCheckJob } from './jobs/budget-check.js';
import { startJob } from './jobs/job.js';
import { rollupJob } from './jobs/rollup.js';
import { leaseSweepJob } from './jobs/run-leases.js';
import { seriesRetentionJob } from './jobs/series-retention.js';
import { agentQuietJob } from './jobs/agent-quiet.js';
import { auditRetentionJob } from './jobs/audit-retention.js';
import { sessionRetentionJob } from './jobs/session-retention.js';
import { abandonedSessionsJob } from './jobs/abandoned-sessions.js';
import { timelineRetentionJob } from './jobs/timeline-retention.js';
import { contentRetentionJob } from './jobs/content-retention.js';
import { telemetryRetentionJob } from './jobs/telemetry-retention.js';
import { mailDeliveryJob, mailDeliveryOptions } from './jobs/mail-delivery.js';
import { webhookDeliveryJob, webhookDeliveryOptions } from './jobs/webhook-delivery.js';
import { webhookRetentionJob } from './jobs/webhook-retention.js';
import { weeklyDigestJob } from './jobs/weekly-digest.js';
import type { App } from './http/context.js';
import { startOtlpGrpcReceiver, type OtlpGrpcReceiver } from './grpc/otlp-receiver.js';

// A running server: store, shared state and HTTP app, with an orderly stop.

export interface RunningServer {
  app: App;
  store: Store;
  url: string;
  /** The port of the OTLP/gRPC receiver, when it runs. */
  otlpGrpcPort: number | undefined;
  /** The one-time setup link, when the store has no organization yet. */
  setupUrl: string | undefined;
  stop(): Promise<void>;
}

/** What an operator must hear at start about where secrets rest (docs/deployment.md). */
export function secretsAtRestWarnings(config: Pick<Config, 'databaseUrl' | 'secretKey' | 'jwtSecret'>): string[] {
  if (!config.databaseUrl) return [];
  const warnings: string[] = [];
  if (!config.secretKey) {
    warnings.push('SECRET_KEY is not set: the AES key that encrypts settings secrets (customModels[].apiKey) is generated and kept in the server_secrets table, next to what it encrypts; anyone with a database dump can decrypt them. Set SECRET_KEY (docs/deployment.md).');
  }
  if (!config.jwtSecret) {
    warnings.push('JWT_SECRET is not set: the key that signs access tokens is generated and kept in the server_secrets table; anyone who can read the database can mint tokens. Set JWT_SECRET (docs/deployment.md).');
  }
  return warnings;
}

/** What a server started on an empty store tells its operator (npm start, quarterdeck serve). */
export function setupNotice(setupUrl: string): string {
  return `\nQuarterdeck has no organization yet. Open this one-time link to create the first one and its owner:\n\n  ${setupUrl}\n\n`;
}

export async function startServer(config: Config): Promise<RunningServer> {
  // DATA_DIR (embedded database, generated admin token and keys) is private to the server's user.
  // PGlite gives the files it creates mode 0666 whatever the umask, so they are closed again once
  // the store is open and when it stops; the 0700 directory keeps others out in between.
  const usesDataDir = !config.databaseUrl || !config.adminToken;
  const closePrivateDir = async () => (usesDataDir ? ensurePrivateDir(config.dataDir) : []);
  const opened = await closePrivateDir();
  const store = await openStore(config, { migrate: false });
  // The port answers from now on (/readyz 503) while the migrations run or wait for another
  // replica's; the app takes it over once they are done.
  let starting: StartingListener | undefined;
  try {
    starting = await listenWhileStarting(config.host, config.port);
    await migrate(store.pool);
  } catch (error) {
    await starting?.close();
    await store.close();
    throw error;
  }
  await closePrivateDir();
  // One process per embedded store: a claim found now was left by a predecessor that died.
  if (store.kind === 'embedded') await clearClaims(store.db);
  // Not waited for: the server starts without Redis and the limits use it once it answers.
  const redis = config.redisUrl ? new SharedRedis(config.redisUrl) : undefined;
  let grpc: OtlpGrpcReceiver | undefined;
  try {
    const admin = await resolveAdminToken(config.adminToken, config.dataDir);
    const app = await buildApp({
      config,
      store,
      adminToken: admin.token,
      redis,
      // Log lines leave asynchronously, coalesced when they come fast; what is still buffered is
      // written when the process exits (docs/configuration.md, LOG_LEVEL).
      logger: { level: config.logLevel, stream: pino.destination({ dest: 1, sync: false }) },
    });
    if (opened.length > 0) {
      app.log.warn({ paths: opened.slice(0, 20), count: opened.length }, `DATA_DIR ${config.dataDir} was readable by other users; its directories are now 0700 and its files 0600`);
    }
    for (const warning of secretsAtRestWarnings(config)) app.log.warn(warning);
    if (admin.generated) {
      app.log.warn(`generated ADMIN_TOKEN (shown once, kept in ${admin.path}): ${admin.token}`);
    }
    await starting.close();
    const url = await app.listen({ port: starting.port, host: config.host });
    grpc = config.otlpGrpcPort === undefined ? undefined : await startOtlpGrpcReceiver(app, { host: config.otlpGrpcHost, port: config.otlpGrpcPort, maxMessageBytes: Math.min(config.otlpMaxBodyBytes, config.otlpMaxDecompressedBytes) });
    app.log.info(
      grpc
        ? `OTLP/gRPC receiver listening at ${config.otlpGrpcHost}:${grpc.port}; OTLP/HTTP at ${url}/v1/{metrics,logs,traces}`
        : `OTLP/HTTP at ${url}/v1/{metrics,logs,traces}; no OTLP/gRPC receiver (set OTLP_GRPC_PORT to run one)`,
    );
    const setupUrl = await issueSetupLink(store.db, config.publicAppUrl);
    // Without SMTP_URL there is no mail job (docs/email.md); events a day old are never mailed.
    const mail = mailDeliveryOptions(app.services);
    const jobs = [
      startJob(rollupJob(store.db, config.rollupIntervalMs), app.log),
      startJob(sessionRetentionJob(store.db, app.log), app.log),
      startJob(auditRetentionJob(store.db, app.log), app.log),
      startJob(seriesRetentionJob(store.db), app.log),
      startJob(leaseSweepJob(store.db, config.runLeaseMs, (computerId) => app.services.claimWakeups.wake(computerId)), app.log),
      startJob(webhookDeliveryJob(webhookDeliveryOptions(app.services), config.webhookIntervalMs, app.log), app.log),
      startJob(webhookRetentionJob(store.db), app.log),
      startJob(weeklyDigestJob(store.db, config.analyticsHistoryStart), app.log),
      startJob(budgetCheckJob(store.db, config.budgetCheckIntervalMs), app.log),
      startJob(agentQuietJob(store.db, { quietAfterMs: config.agentQuietAfterMs, intervalMs: config.agentQuietCheckIntervalMs }), app.log),
      startJob(readinessNightlyJob(store.db, config.readinessNightlyHour, config.readinessIntervalMs), app.log),
      startJob(abandonedSessionsJob(store.db), app.log),
      startJob(timelineRetentionJob(store.db, app.log), app.log),
      startJob(contentRetentionJob(store.db, app.log), app.log),
      startJob(telemetryRetentionJob(app.services.telemetryRetention, config.telemetryRetentionIntervalMs), app.log),
      ...(mail ? [startJob(mailDeliveryJob(mail, config.mailIntervalMs), app.log)] : []),
    ];
    return {
      app,
      store,
      url,
      otlpGrpcPort: grpc?.port,
      setupUrl,
      async stop() {
        // close() stops accepting and waits for in-flight requests; then the store checkpoints.
        // gRPC calls go through the app, so the gRPC receiver stops first.
        await Promise.all(jobs.map((job) => job.stop()));
        await grpc?.stop();
        await app.close();
        redis?.close();
        await store.close();
        await closePrivateDir();
      },
    };
  } catch (error) {
    await grpc?.stop();
    await starting.close();
    redis?.close();
    await store.close();
    throw error;
  }
}
