import type { Db } from '../db/store.js';
import { decideAbandonedSessions } from '../repositories/agent-sessions.js';
import type { Job } from './job.js';

// Abandoned agent sessions (docs/agent-sessions.md): every ten minutes, the sessions whose window
// for a commit has passed are decided, and those of the last weeks decided again, so an outcome
// delivered late (a host connected afterwards, a hook's queue sent again) clears the flag.

export function abandonedSessionsJob(db: Db, intervalMs: number = 600_000): Job {
  return { name: 'abandoned agent sessions', intervalMs, firstRunMs: Math.min(1_000, intervalMs), runOnce: () => decideAbandonedSessions(db) };
}
