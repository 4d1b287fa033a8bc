import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/store.js';
import { DEFAULT_AUDIT_RETENTION_DAYS } from '../domain/audit.js';
import { MAX_AUDIT_RETENTION_DAYS, MIN_AUDIT_RETENTION_DAYS } from '../domain/policies.js';
import { deleteAuditEntriesBefore, organizationIds } from '../repositories/audit-log.js';
import type { Job } from './job.js';
import { retentionPass } from './retention.js';

// Audit log retention (docs/audit-log.md): once a day, each organization's entries older than its
// `auditLogRetentionDays` (DEFAULT_AUDIT_RETENTION_DAYS when it sets none) are deleted. Unlike
// sessions, the log always has a retention: it would otherwise grow without end. A stored value
// below MIN_AUDIT_RETENTION_DAYS (written before the floor existed) keeps the floor.

const DAY_MS = 86_400_000;

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/** One pass over every organization; returns how many entries were deleted. */
export async function deleteExpiredAuditEntries(db: Db, log: Log, now: Date = new Date()): Promise<number> {
  return retentionPass(db, log, await organizationIds(db), {
    setting: 'auditLogRetentionDays',
    daysOf: (settings) => {
      const days = settings.auditLogRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS;
      return typeof days === 'number' ? Math.max(days, MIN_AUDIT_RETENTION_DAYS) : days;
    },
    maxDays: MAX_AUDIT_RETENTION_DAYS,
    deleteBefore: deleteAuditEntriesBefore,
  }, now);
}

/** The pass shortly after start, then daily. */
export function auditRetentionJob(db: Db, log: Log, intervalMs: number = DAY_MS): Job {
  return { name: 'audit retention', intervalMs, firstRunMs: Math.min(2_000, intervalMs), runOnce: () => deleteExpiredAuditEntries(db, log) };
}
