import type { Db } from '../db/store.js';
import { currentSettings } from '../repositories/enterprise-controls.js';
import { deleteIdleSessionsBefore, organizationsWithSessions } from '../repositories/sessions.js';
import type { Job } from './job.js';

// Session retention (decisions.md §6): once a day, each organization's idle sessions untouched
// for longer than its `sessionRetentionDays` are deleted with their messages. Organizations
// without the setting keep their sessions. Pending and running sessions are left alone, so a run
// is never cut short; they are deleted once idle and old enough.

const DAY_MS = 86_400_000;

/** One pass over every organization; returns how many sessions were deleted. */
export async function deleteExpiredSessions(db: Db, now: Date = new Date()): Promise<number> {
  let deleted = 0;
  for (const organizationId of await organizationsWithSessions(db)) {
    const days = (await currentSettings(db, organizationId)).sessionRetentionDays;
    if (days === undefined) continue;
    deleted += await deleteIdleSessionsBefore(db, organizationId, new Date(now.getTime() - days * DAY_MS));
  }
  return deleted;
}

/** The pass shortly after start, then daily. */
export function sessionRetentionJob(db: Db, intervalMs: number = DAY_MS): Job {
  return { name: 'session retention', intervalMs, firstRunMs: Math.min(1_000, intervalMs), runOnce: () => deleteExpiredSessions(db) };
}
