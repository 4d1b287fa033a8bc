import type { Db } from '../db/store.js';
import { expireLapsedRuns } from '../repositories/messages.js';
import type { Job } from './job.js';

// Run leases (decisions.md §12): a sweep takes lapsed runs back from their agents, so a session
// whose agent died returns to the queue (or, after MAX_REQUEUES, to idle) even when no agent of
// its computer claims again. Every replica sweeps; SKIP LOCKED keeps them from colliding, and
// claims take their own computer's lapsed runs back too (routes/v0/agent/claim.ts).

/**
 * Sweeps every quarter lease (between 250 ms and 15 s). `wake` wakes this process's claims
 * waiting for a computer that has a message queued again.
 */
export function leaseSweepJob(db: Db, leaseMs: number, wake: (computerId: string) => void): Job {
  return {
    name: 'run lease sweep',
    intervalMs: Math.min(15_000, Math.max(250, Math.floor(leaseMs / 4))),
    async runOnce() {
      const computers = await expireLapsedRuns(db, new Date());
      for (const computerId of computers) wake(computerId);
      return computers.length;
    },
  };
}
