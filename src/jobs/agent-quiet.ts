import { randomUUID } from 'node:crypto';
import type { Db } from '../db/store.js';
import { recordQuietConnections } from '../repositories/agent-quiet.js';
import { takeLease } from '../repositories/job-leases.js';
import { UNREAD_AGENT } from '../telemetry/sent-events.js';
import type { Job } from './job.js';

// agent.quiet (docs/webhooks.md): every AGENT_QUIET_CHECK_INTERVAL_MS, the replica holding the
// job's lease looks for daily connections silent for AGENT_QUIET_AFTER_HOURS and records one event
// per quiet spell. The lease keeps replicas from scanning the tallies at once; the notices' key
// keeps an announcement single even if two passes overlap (a lease lapsed mid-pass).

const LEASE_NAME = 'agent-quiet';

export interface AgentQuietOptions {
  quietAfterMs: number;
  intervalMs: number;
  /** This process, as the lease's holder. */
  holder?: string;
}

/** One pass at `now`: answers how many quiet connections it announced (0 when another replica holds the lease). */
export async function agentQuietPass(db: Db, options: AgentQuietOptions & { holder: string }, now: Date = new Date()): Promise<number> {
  if (!(await takeLease(db, LEASE_NAME, options.holder, now, new Date(now.getTime() + options.intervalMs)))) return 0;
  return recordQuietConnections(db, now, options.quietAfterMs, UNREAD_AGENT);
}

export function agentQuietJob(db: Db, options: AgentQuietOptions): Job {
  const holder = options.holder ?? randomUUID();
  return { name: 'agent quiet check', intervalMs: options.intervalMs, firstRunMs: Math.min(60_000, options.intervalMs), runOnce: () => agentQuietPass(db, { ...options, holder }) };
}
