import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/store.js';
import { DEFAULT_AUDIT_RETENTION_DAYS } from '../domain/audit.js';
import { MAX_AUDIT_RETENTION_DAYS } from '../domain/policies.js';
import { deleteAuditEntriesBefore, organizationIds } from '../repositories/audit-log.js';
import { currentSettings } from '../repositories/enterprise-controls.js';
import type { Job } from './job.js';

// Audit log retention (docs/audit-log.md): once a day, each organization's entries older than its
// `auditLogRetentionDays` (DEFAULT_AUDIT_RETENTION_DAYS when it sets none) are deleted. Unlike
// sessions, the log always has a retention: it would otherwise grow without end.

const DAY_MS = 86_400_000;

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/**
 * One pass over every organization; returns how many entries were deleted. Each organization is
 * on its own: one whose pass fails is logged and skipped. A stored value outside
 * 1..MAX_AUDIT_RETENTION_DAYS (written before the bound existed) keeps everything.
 */
export async function deleteExpiredAuditEntries(db: Db, log: Log, now: Date = new Date()): Promise<number> {
  let deleted = 0;
  for (const organizationId of await organizationIds(db)) {
    try {
      const days = (await currentSettings(db, organizationId)).auditLogRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS;
      if (!Number.isInteger(days) || days < 1 || days > MAX_AUDIT_RETENTION_DAYS) {
        log.warn({ organizationId, auditLogRetentionDays: days }, 'audit retention skipped: auditLogRetentionDays out of range');
        continue;
      }
      deleted += await deleteAuditEntriesBefore(db, organizationId, new Date(now.getTime() - days * DAY_MS));
    } catch (error) {
      log.error({ err: error, organizationId }, 'audit retention failed for one organization');
    }
  }
  return deleted;
}

/** The pass shortly after start, then daily. */
export function auditRetentionJob(db: Db, log: Log, intervalMs: number = DAY_MS): Job {
  return { name: 'audit retention', intervalMs, firstRunMs: Math.min(2_000, intervalMs), runOnce: () => deleteExpiredAuditEntries(db, log) };
}
