import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { Counter } from 'prom-client';
import type { Db } from '../db/store.js';
import { retentionCutoff, type RetentionReport } from '../domain/telemetry-retention.js';
import { takeLease } from '../repositories/job-leases.js';
import { lockPartition } from './partitions.js';
import { closedBefore } from './retention.js';

// Telemetry retention (docs/retention.md): the replica holding the job's lease drops the monthly
// partitions of telemetry_events older than TELEMETRY_RETENTION_MONTHS, with their idempotency
// keys. The order makes every interruption (kill -9 included) safe and finished by the next pass:
//   1. the first kept day moves forward (telemetry_retention, one transaction): from its commit on,
//      ingestion refuses older events, and it waits for the batches in flight (their share lock);
//      the pending rollups of older days go in the same transaction (their events are going);
//   2. each old partition's keys are deleted in batches, found through the partition's own
//      primary key (telemetry_event_ids has no index on day); a pass that dies mid-way starts the
//      partition again, and the keys already deleted are simply no longer found;
//   3. the partition is detached and dropped in one transaction: it is there or it is gone.
// The rollups (analytics_*) are never touched.

const LEASE_NAME = 'telemetry-retention';
/** Days before this share one partition made by migration 0003 (telemetry_events_before_2026). */
const PARTITION_BOUND = /\bTO \('(\d{4}-\d{2}-\d{2})'\)/;
/** How long the drop waits for the table's lock (a long rollup read) before the pass gives up until the next interval. */
const DROP_LOCK_TIMEOUT = '5s';

export interface TelemetryRetentionOptions {
  /** Full months kept before the current UTC month; 0: no new month is closed. */
  months: number;
  /** Keys deleted per statement. */
  batchSize: number;
  /** A pause between two batches, to leave the database to other work. */
  batchPauseMs: number;
  /** How long the lease lasts without renewal (renewed at every batch). */
  leaseMs: number;
  /** This process, as the lease's holder. */
  holder: string;
}

export interface RetentionProgress {
  keysDeleted(count: number): void;
  partitionDropped(name: string): void;
}

const noProgress: RetentionProgress = { keysDeleted: () => undefined, partitionDropped: () => undefined };

/** One pass at `now`. */
export async function telemetryRetentionPass(db: Db, options: TelemetryRetentionOptions, now: Date = new Date(), progress: RetentionProgress = noProgress): Promise<RetentionReport> {
  const report: RetentionReport = { closedBefore: undefined, droppedPartitions: [], deletedKeys: 0, ran: false };
  const holdsLease = () => {
    const at = new Date();
    return takeLease(db, LEASE_NAME, options.holder, at, new Date(at.getTime() + options.leaseMs));
  };
  if (!(await holdsLease())) {
    report.closedBefore = await closedBefore(db);
    return report;
  }
  report.ran = true;
  report.closedBefore = await closeDaysBefore(db, options.months > 0 ? retentionCutoff(options.months, now) : undefined);
  const firstKept = report.closedBefore;
  if (firstKept === undefined) return report;
  for (const partition of await partitionsEndingBy(db, firstKept)) {
    let after: KeyRow | undefined;
    for (;;) {
      if (!(await holdsLease())) return report;
      const batch = await keysOf(db, partition, after, options.batchSize);
      if (batch.length === 0) break;
      const deleted = await deleteKeys(db, batch);
      report.deletedKeys += deleted;
      progress.keysDeleted(deleted);
      if (batch.length < options.batchSize) break;
      after = batch[batch.length - 1];
      if (options.batchPauseMs > 0) await sleep(options.batchPauseMs);
    }
    await dropPartition(db, partition);
    report.droppedPartitions.push(partition.name);
    progress.partitionDropped(partition.name);
  }
  return report;
}

/**
 * Moves the first kept day to `cutoff` (never back) and forgets the pending rollups of earlier
 * days; answers the first kept day. Without a cutoff (retention off), the stored day stays, and
 * a pass still finishes what an earlier one closed.
 */
async function closeDaysBefore(db: Db, cutoff: string | undefined): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ closed_before: string | null }>`
      UPDATE telemetry_retention SET closed_before = GREATEST(closed_before, ${cutoff ?? null}::date)
      RETURNING closed_before::text AS closed_before`.execute(trx);
    const firstKept = rows[0]?.closed_before ?? undefined;
    if (firstKept !== undefined) {
      await sql`DELETE FROM analytics_pending_days WHERE day < ${firstKept}::date`.execute(trx);
      // The tool uses joined across exports (migrations/0065) of days whose events are going.
      await sql`DELETE FROM tool_use_sources WHERE day < ${firstKept}::date`.execute(trx);
    }
    return firstKept;
  });
}

interface Partition {
  name: string;
  /** The month its creation and drop lock (partitions.ts), or the name of one made by a migration. */
  lockName: string;
}

/** The partitions of telemetry_events whose days all come before `firstKept`, oldest first. */
async function partitionsEndingBy(db: Db, firstKept: string): Promise<Partition[]> {
  const { rows } = await sql<{ name: string; bound: string }>`
    SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'telemetry_events'::regclass`.execute(db);
  return rows
    .map((row) => ({ name: row.name, end: PARTITION_BOUND.exec(row.bound)?.[1] }))
    .filter((row): row is { name: string; end: string } => row.end !== undefined && row.end <= firstKept)
    .sort((a, b) => (a.end < b.end ? -1 : 1))
    .map(({ name }) => ({ name, lockName: /^telemetry_events_(\d{4})_(\d{2})$/.test(name) ? name.slice(-7).replace('_', '-') : name }));
}

interface KeyRow {
  organization_id: string;
  day: string;
  id: string;
}

// The partition's name comes from the catalogue, as a quoted identifier.
const tableOf = (partition: Partition) => sql.id(partition.name);

/** The next `limit` events of the partition after `after`, in its primary key's order. */
async function keysOf(db: Db, partition: Partition, after: KeyRow | undefined, limit: number): Promise<KeyRow[]> {
  const from = after ? sql`WHERE (organization_id, day, id) > (${after.organization_id}, ${after.day}::date, ${after.id})` : sql``;
  const { rows } = await sql<KeyRow>`
    SELECT organization_id, day::text AS day, id FROM ${tableOf(partition)} ${from}
    ORDER BY organization_id, day, id LIMIT ${limit}`.execute(db);
  return rows;
}

async function deleteKeys(db: Db, batch: readonly KeyRow[]): Promise<number> {
  const result = await sql`
    DELETE FROM telemetry_event_ids k USING unnest(${batch.map((row) => row.organization_id)}::text[], ${batch.map((row) => row.id)}::text[]) AS b(organization_id, id)
    WHERE k.organization_id = b.organization_id AND k.id = b.id`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Detaches and drops the partition in one transaction. Not DETACH ... CONCURRENTLY: it cannot run
 * in a transaction, and a kill between its two steps leaves a partition "detach pending"; the
 * plain DETACH holds the table's lock only for the catalogue change, and gives up after
 * DROP_LOCK_TIMEOUT rather than queue ingestion behind a long read.
 */
async function dropPartition(db: Db, partition: Partition): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql.raw(`SET LOCAL lock_timeout = '${DROP_LOCK_TIMEOUT}'`).execute(trx);
    await lockPartition(trx, partition.lockName);
    await sql`ALTER TABLE telemetry_events DETACH PARTITION ${tableOf(partition)}`.execute(trx);
    await sql`DROP TABLE ${tableOf(partition)}`.execute(trx);
  });
}

// The telemetry retention of a process: the background job (jobs/telemetry-retention.ts) and the
// operator's POST /admin/v1/telemetry/retention/run share one lease holder, so neither waits for
// the other's lease to lapse, and run one pass at a time. What each pass drops is logged and
// counted (quarterdeck_telemetry_retention_dropped_total).
export class TelemetryRetention {
  private readonly holder = randomUUID();
  private running: Promise<unknown> = Promise.resolve();
  /** Registered by installMetrics with the server's other metrics. */
  readonly dropped = new Counter({
    name: 'quarterdeck_telemetry_retention_dropped_total',
    help: 'What telemetry retention dropped: monthly event partitions (what="partitions") and their idempotency keys (what="keys")',
    labelNames: ['what'],
    registers: [],
  });

  constructor(
    private readonly db: Db,
    private readonly options: Omit<TelemetryRetentionOptions, 'holder'>,
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
  ) {}

  /** One pass now, after the one in progress in this process. */
  run(now: Date = new Date()): Promise<RetentionReport> {
    const pass = this.running.then(() =>
      telemetryRetentionPass(this.db, { ...this.options, holder: this.holder }, now, {
        keysDeleted: (count) => this.dropped.inc({ what: 'keys' }, count),
        partitionDropped: (name) => {
          this.dropped.inc({ what: 'partitions' });
          this.log.info({ partition: name }, `telemetry retention: dropped partition ${name}`);
        },
      }),
    );
    this.running = pass.catch(() => undefined);
    return pass.then((report) => {
      if (report.droppedPartitions.length > 0 || report.deletedKeys > 0) {
        this.log.info({ closedBefore: report.closedBefore, partitions: report.droppedPartitions, keys: report.deletedKeys }, 'telemetry retention: pass done');
      }
      return report;
    });
  }
}
