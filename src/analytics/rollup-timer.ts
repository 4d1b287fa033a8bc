import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/store.js';
import { runPendingRollups } from './rollup.js';

// The background daily batch: every ROLLUP_INTERVAL_MS, aggregate what is pending. Runs never
// overlap in one process (the next is scheduled when one ends); replicas share work by claims.

export interface RollupTimer {
  stop(): Promise<void>;
}

export function startRollupTimer(db: Db, intervalMs: number, log: FastifyBaseLogger): RollupTimer {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = runPendingRollups(db)
      .then((days) => {
        if (days > 0) log.info({ days }, 'analytics rollup aggregated days');
      })
      .catch((error: unknown) => log.error({ err: error }, 'analytics rollup failed; retrying next interval'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
