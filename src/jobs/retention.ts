import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/store.js';
import type { EnterpriseSettings } from '../domain/policies.js';
import { currentSettings } from '../repositories/enterprise-controls.js';

// The shape of a retention pass (sessions, the audit log): each organization's own number of
// days from its enterprise controls, then a deletion of what is older.

const DAY_MS = 86_400_000;

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

export interface Retention {
  /** The setting's name, for the logs. */
  setting: string;
  /** The organization's days; undefined keeps everything. */
  daysOf(settings: EnterpriseSettings): unknown;
  maxDays: number;
  deleteBefore(db: Db, organizationId: string, before: Date): Promise<number>;
}

/**
 * One pass over the organizations; returns how many rows were deleted. Each organization is on
 * its own: one whose pass fails is logged and skipped, the others go on. A stored value outside
 * 1..maxDays (written before the bound existed) keeps everything.
 */
export async function retentionPass(db: Db, log: Log, organizationIds: readonly string[], retention: Retention, now: Date): Promise<number> {
  let deleted = 0;
  for (const organizationId of organizationIds) {
    try {
      const days = retention.daysOf(await currentSettings(db, organizationId));
      if (days === undefined) continue;
      if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > retention.maxDays) {
        log.warn({ organizationId, [retention.setting]: days }, `retention skipped: ${retention.setting} out of range`);
        continue;
      }
      deleted += await retention.deleteBefore(db, organizationId, new Date(now.getTime() - days * DAY_MS));
    } catch (error) {
      log.error({ err: error, organizationId }, `retention (${retention.setting}) failed for one organization`);
    }
  }
  return deleted;
}
