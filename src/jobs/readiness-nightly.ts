import type { Db } from '../db/store.js';
import { dueNight } from '../domain/readiness-schedule.js';
import { organizationsDueForNight, queueForRepositories, sweepEvaluations } from '../repositories/readiness-evaluations.js';
import type { Job } from './job.js';

// Readiness every night (docs/readiness.md): once the UTC clock passes the nightly hour, each
// organization with repositories to evaluate gets one evaluation per repository for that night,
// queued for its computers. The unique (organization, repository, night) index makes it once per
// night whatever the number of replicas or passes; each pass also takes lapsed evaluations back
// from computers that stopped answering and fails those no computer claimed within a day.

/** Queues the night's evaluations due at `now` and sweeps; answers how many evaluations it queued or changed. */
export async function runReadinessNight(db: Db, nightlyHour: number, now: Date = new Date()): Promise<number> {
  let done = await sweepEvaluations(db, now);
  const night = dueNight(now, nightlyHour);
  if (night === undefined) return done;
  for (const organizationId of await organizationsDueForNight(db, night)) {
    done += (await queueForRepositories(db, organizationId, 'nightly', { night }, now)).length;
  }
  return done;
}

export function readinessNightlyJob(db: Db, nightlyHour: number, intervalMs: number): Job {
  return { name: 'readiness nightly', intervalMs, firstRunMs: Math.min(60_000, intervalMs), runOnce: () => runReadinessNight(db, nightlyHour) };
}
