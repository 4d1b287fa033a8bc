import type { FastifyBaseLogger } from 'fastify';

// The one shape of a background job: a pass (`runOnce`) that the server runs on an interval,
// never two at a time in one process, and stops by waiting for the pass in progress. A failed
// pass is logged and the job goes on at the next interval.

export interface Job {
  /** For the logs. */
  name: string;
  intervalMs: number;
  /** The first pass comes this long after start (default: one interval). */
  firstRunMs?: number;
  /** One pass; answers how many things it did (days aggregated, sessions deleted). */
  runOnce(): Promise<number>;
  /** Work a pass started and did not wait for (webhook attempts in flight): stopping waits for it. */
  settle?(): Promise<void>;
}

export interface RunningJob {
  /** Cancels the next pass and waits for the one in progress. */
  stop(): Promise<void>;
}

export function startJob(job: Job, log: FastifyBaseLogger): RunningJob {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    timer = setTimeout(pass, ms);
    timer.unref();
  };
  const pass = () => {
    running = job
      .runOnce()
      .then((done) => {
        if (done > 0) log.info({ job: job.name, done }, `${job.name}: pass done`);
      })
      .catch((error: unknown) => log.error({ err: error, job: job.name }, `${job.name} failed; retrying at the next interval`))
      .finally(() => {
        if (!stopped) schedule(job.intervalMs);
      });
  };
  schedule(job.firstRunMs ?? job.intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await job.settle?.();
    },
  };
}
