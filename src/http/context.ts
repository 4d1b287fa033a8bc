import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config.js';
import type { CopyOutPool } from '../db/copy-out.js';
import type { ReadReplicas } from '../db/read-replicas.js';
import type { Db } from '../db/store.js';
import type { AccessTokens } from '../domain/access-tokens.js';
import type { SecretBox } from '../domain/secret-box.js';
import type { ClaimWakeups } from '../services/claim-wakeups.js';
import type { CredentialCache } from '../services/credential-cache.js';
import type { OtlpConsumer } from '../otlp/consumer.js';
import type { SharedRedis } from '../services/shared-redis.js';
import type { Counter } from 'prom-client';
import type { RetentionReport } from '../domain/telemetry-retention.js';

// What every route plugin can reach through `app`: the configuration and the services.

/** A pass of telemetry retention now, and the counter of what passes dropped. */
export interface TelemetryRetentionRunner {
  run(now?: Date): Promise<RetentionReport>;
  readonly dropped: Counter;
}

export interface Services {
  config: Config;
  db: Db;
  /**
   * Where the analytics endpoints read the rollup tables: the read replicas when DATABASE_READ_URL
   * names some (db/read-replicas.ts), else `db`. Nothing else reads there.
   */
  rollupReads: Db;
  /** Where the analytics endpoints' long reads take the stored JSON as bytes, through COPY TO STDOUT (db/copy-out.ts): the replicas too. */
  copyOut: CopyOutPool;
  /** The read replicas and their states, when DATABASE_READ_URL is set; closed with the app. */
  readReplicas: ReadReplicas | undefined;
  /** PostgreSQL only: new events go in through COPY FROM STDIN (db/copy-in.ts). */
  copyIn: boolean;
  accessTokens: AccessTokens;
  adminToken: string;
  /** Seals secrets stored in settings; resolve it before opening a transaction. */
  secretBox: () => Promise<SecretBox>;
  /** Embedded store only: a backup of the running store (db/backup.ts). */
  backup: (() => Promise<Buffer>) | undefined;
  /** Wakes long-polling agent claims; closed with the app. */
  claimWakeups: ClaimWakeups;
  /** Verified credentials, flushed on every change of one; closed with the app. */
  credentials: CredentialCache;
  /** What becomes of decoded OTLP exports (src/otlp/consumer.ts). */
  otlpConsumer: OtlpConsumer;
  /** This process's telemetry retention passes (docs/retention.md), for the job and the operator's route. */
  telemetryRetention: TelemetryRetentionRunner;
  /** The Redis the rate limits share, when REDIS_URL is set. */
  redis: SharedRedis | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** The Fastify instance type route plugins receive, with TypeBox typing of schemas. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;
