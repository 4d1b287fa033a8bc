import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/store.js';
import { MAX_SESSION_RETENTION_DAYS } from '../domain/policies.js';
import { deleteTimelinesBefore, organizationsWithAgentSessions } from '../repositories/agent-sessions.js';
import type { Job } from './job.js';
import { retentionPass } from './retention.js';

// Timeline retention (docs/agent-sessions.md "Retention"): once a day, the steps of each
// organization's agent sessions that ended longer ago than its `agentSessionTimelineRetentionDays`
// are deleted; the sessions and their figures stay. Without the setting, timelines are kept.

const DAY_MS = 86_400_000;

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/** One pass over every organization; returns how many steps were deleted. */
export async function deleteExpiredTimelines(db: Db, log: Log, now: Date = new Date()): Promise<number> {
  return retentionPass(db, log, await organizationsWithAgentSessions(db), {
    setting: 'agentSessionTimelineRetentionDays',
    daysOf: (settings) => settings.agentSessionTimelineRetentionDays,
    maxDays: MAX_SESSION_RETENTION_DAYS,
    deleteBefore: deleteTimelinesBefore,
  }, now);
}

export function timelineRetentionJob(db: Db, log: Log, intervalMs: number = DAY_MS): Job {
  return { name: 'agent session timeline retention', intervalMs, firstRunMs: Math.min(1_000, intervalMs), runOnce: () => deleteExpiredTimelines(db, log) };
}
