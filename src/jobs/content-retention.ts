import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/store.js';
import { contentControl } from '../domain/policies.js';
import { deleteExpiredContent, organizationsWithContent } from '../repositories/agent-sessions.js';
import { currentSettings } from '../repositories/enterprise-controls.js';
import type { Job } from './job.js';

// Expiry of agent session content (docs/agent-sessions.md "Content"): every hour (and a second
// after start) the kept content of each organization's steps is deleted once it expired (the
// `agentSessionContent` control's retention, counted from the step), or all of it when the control
// was turned off. Reads leave out expired content before the pass comes.

const HOUR_MS = 3_600_000;

type Log = Pick<FastifyBaseLogger, 'error'>;

/** One pass over the organizations that have content; returns how many steps' content was deleted. Each organization is on its own. */
export async function deleteExpiredContents(db: Db, log: Log, now: Date = new Date()): Promise<number> {
  let deleted = 0;
  for (const organizationId of await organizationsWithContent(db)) {
    try {
      const control = contentControl(await currentSettings(db, organizationId));
      deleted += await deleteExpiredContent(db, organizationId, control.enabled ? control.retentionDays : undefined, now);
    } catch (error) {
      log.error({ err: error, organizationId }, 'agent session content expiry failed for one organization');
    }
  }
  return deleted;
}

export function contentRetentionJob(db: Db, log: Log, intervalMs: number = HOUR_MS): Job {
  return { name: 'agent session content expiry', intervalMs, firstRunMs: Math.min(1_000, intervalMs), runOnce: () => deleteExpiredContents(db, log) };
}
