import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/store.js';
import { MAX_SESSION_RETENTION_DAYS } from '../domain/policies.js';
import { deleteIdleSessionsBefore, organizationsWithSessions } from '../repositories/sessions.js';
import type { Job } from './job.js';
import { retentionPass } from './retention.js';

// Session retention (decisions.md §6): once a day, each organization's idle sessions untouched
// for longer than its `sessionRetentionDays` are deleted with their messages. Organizations
// without the setting keep their sessions. Pending and running sessions are left alone, so a run
// is never cut short; they are deleted once idle and old enough.

const DAY_MS = 86_400_000;

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/** One pass over every organization; returns how many sessions were deleted (retentionPass). */
export async function deleteExpiredSessions(db: Db, log: Log, now: Date = new Date()): Promise<number> {
  return retentionPass(db, log, await organizationsWithSessions(db), {
    setting: 'sessionRetentionDays',
    daysOf: (settings) => settings.sessionRetentionDays,
    maxDays: MAX_SESSION_RETENTION_DAYS,
    deleteBefore: deleteIdleSessionsBefore,
  }, now);
}

/** The pass shortly after start, then daily; `log` hears about organizations it had to skip. */
export function sessionRetentionJob(db: Db, log: Log, intervalMs: number = DAY_MS): Job {
  return { name: 'session retention', intervalMs, firstRunMs: Math.min(1_000, intervalMs), runOnce: () => deleteExpiredSessions(db, log) };
}
