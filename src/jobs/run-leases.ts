import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/store.js';
import { expireLapsedRuns } from '../repositories/messages.js';

// Run leases (decisions.md §12): a sweep takes lapsed runs back from their agents, so a session
// whose agent died returns to the queue (or, after MAX_REQUEUES, to idle) even when no agent of
// its computer claims again. Every replica sweeps; SKIP LOCKED keeps them from colliding, and
// claims take their own computer's lapsed runs back too (routes/v0/agent/claim.ts).

export interface LeaseSweep {
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/**
 * Sweeps every quarter lease (between 250 ms and 15 s); a failed sweep is logged and retried.
 * `wake` wakes this process's claims waiting for a computer that has a message queued again.
 */
export function startLeaseSweep(db: Db, leaseMs: number, log: FastifyBaseLogger, wake: (computerId: string) => void): LeaseSweep {
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= expireLapsedRuns(db, new Date())
      .then((computers) => {
        if (computers.length > 0) log.info({ computers }, 'lapsed runs returned to the queue');
        for (const computerId of computers) wake(computerId);
      })
      .catch((error: unknown) => log.error({ err: error }, 'lease sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(sweep, Math.min(15_000, Math.max(250, Math.floor(leaseMs / 4))));
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
