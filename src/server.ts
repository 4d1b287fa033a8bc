import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { resolveAdminToken } from './admin-token.js';
import type { Config } from './config.js';
import { openStore, type Store } from './db/store.js';
import { issueSetupLink } from './repositories/setup-link.js';
import { startJob } from './jobs/job.js';
import { rollupJob } from './jobs/rollup.js';
import { sessionRetentionJob } from './jobs/session-retention.js';
import type { App } from './http/context.js';

// A running server: store, shared state and HTTP app, with an orderly stop.

export interface RunningServer {
  app: App;
  store: Store;
  url: string;
  /** The one-time setup link, when the store has no organization yet. */
  setupUrl: string | undefined;
  stop(): Promise<void>;
}

/** What a server started on an empty store tells its operator (npm start, quarterdeck serve). */
export function setupNotice(setupUrl: string): string {
  return `\nQuarterdeck has no organization yet. Open this one-time link to create the first one and its owner:\n\n  ${setupUrl}\n\n`;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const store = await openStore(config);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true }) : undefined;
  try {
    await redis?.connect();
    const admin = await resolveAdminToken(config.adminToken, config.dataDir);
    const app = await buildApp({
      config,
      store,
      adminToken: admin.token,
      redis,
      logger: { level: config.logLevel },
    });
    if (admin.generated) {
      app.log.warn(`generated ADMIN_TOKEN (shown once, kept in ${admin.path}): ${admin.token}`);
    }
    const url = await app.listen({ port: config.port, host: config.host });
    const setupUrl = await issueSetupLink(store.db, config.publicAppUrl);
    const jobs = [startJob(rollupJob(store.db, config.rollupIntervalMs), app.log), startJob(sessionRetentionJob(store.db), app.log)];
    return {
      app,
      store,
      url,
      setupUrl,
      async stop() {
        // close() stops accepting and waits for in-flight requests; then the store checkpoints.
        await Promise.all(jobs.map((job) => job.stop()));
        await app.close();
        redis?.disconnect();
        await store.close();
      },
    };
  } catch (error) {
    redis?.disconnect();
    await store.close();
    throw error;
  }
}
