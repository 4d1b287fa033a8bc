import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/store.js';
import { MAX_SESSION_RETENTION_DAYS } from '../domain/policies.js';
import { currentSettings } from '../repositories/enterprise-controls.js';
import { deleteIdleSessionsBefore, organizationsWithSessions } from '../repositories/sessions.js';
import type { Job } from './job.js';

// Session retention (decisions.md §6): once a day, each organization's idle sessions untouched
// for longer than its `sessionRetentionDays` are deleted with their messages. Organizations
// without the setting keep their sessions. Pending and running sessions are left alone, so a run
// is never cut short; they are deleted once idle and old enough.

const DAY_MS = 86_400_000;

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/**
 * One pass over every organization; returns how many sessions were deleted. Each organization
 * is on its own: one whose pass fails is logged and skipped, the others go on. A stored value
 * outside 1..MAX_SESSION_RETENTION_DAYS (written before the bound existed) keeps everything.
 */
export async function deleteExpiredSessions(db: Db, log: Log, now: Date = new Date()): Promise<number> {
  let deleted = 0;
  for (const organizationId of await organizationsWithSessions(db)) {
    try {
      const days = (await currentSettings(db, organizationId)).sessionRetentionDays;
      if (days === undefined) continue;
      if (!Number.isInteger(days) || days < 1 || days > MAX_SESSION_RETENTION_DAYS) {
        log.warn({ organizationId, sessionRetentionDays: days }, 'session retention skipped: sessionRetentionDays out of range');
        continue;
      }
      deleted += await deleteIdleSessionsBefore(db, organizationId, new Date(now.getTime() - days * DAY_MS));
    } catch (error) {
      log.error({ err: error, organizationId }, 'session retention failed for one organization');
    }
  }
  return deleted;
}

/** The pass shortly after start, then daily; `log` hears about organizations it had to skip. */
export function sessionRetentionJob(db: Db, log: Log, intervalMs: number = DAY_MS): Job {
  return { name: 'session retention', intervalMs, firstRunMs: Math.min(1_000, intervalMs), runOnce: () => deleteExpiredSessions(db, log) };
}
