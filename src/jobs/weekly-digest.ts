import { sql } from 'kysely';
import { dailyRows } from '../analytics/read.js';
import { repositoryRows } from '../analytics/repositories.js';
import { teamRows } from '../analytics/teams.js';
import type { Db } from '../db/store.js';
import { addDays, laterDay, type DayRange } from '../domain/dates.js';
import { lastEndedWeek, TRAILING_WEEKS, weeklyDigest, type DigestDay, type DigestInput, type Week } from '../domain/weekly-digest.js';
import { priceSettings } from '../repositories/prices.js';
import { recordWeeklyDigest } from '../repositories/webhook-events.js';
import type { Job } from './job.js';

// The weekly digest (docs/webhooks.md, "The weekly digest"): once the last ended week (Monday to
// Sunday, UTC) of an organization is rolled up — none of its days pending — its digest event is
// written, once per organization and week whatever the number of replicas (weekly_digests).
// Hourly: a week is sent within the hour after its last day's rollup.

const HOUR_MS = 3_600_000;

/** Organizations with rolled-up days in the week, none of them pending, and no digest yet. */
async function organizationsDue(db: Db, week: Week): Promise<string[]> {
  const { rows } = await sql<{ organization_id: string }>`
    SELECT DISTINCT d.organization_id FROM analytics_daily d
    WHERE d.day BETWEEN ${week.start} AND ${week.end}
      AND NOT EXISTS (SELECT 1 FROM weekly_digests w WHERE w.organization_id = d.organization_id AND w.week_start = ${week.start})
      AND NOT EXISTS (SELECT 1 FROM analytics_pending_days p WHERE p.organization_id = d.organization_id AND p.day BETWEEN ${week.start} AND ${week.end})`.execute(db);
  return rows.map((row) => row.organization_id);
}

async function digestInput(db: Db, organizationId: string, week: Week, historyStart: string): Promise<DigestInput> {
  const range = (start: string): DayRange => ({ start, end: week.end, from: laterDay(start, historyStart) });
  const weekRange = range(week.start);
  const [days, repositories, teamDays, { currency }] = await Promise.all([
    dailyRows(db, organizationId, 'tokens', range(addDays(week.start, -7 * TRAILING_WEEKS))),
    repositoryRows(db, db, organizationId, weekRange),
    teamRows(db, organizationId, 'tokens', weekRange),
    priceSettings(db, organizationId),
  ]);
  return { week, currency, days: days as DigestDay[], repositories, teamDays: teamDays as DigestInput['teamDays'] };
}

/** Writes the digests due at `now`; answers how many events were written. */
export async function sendWeeklyDigests(db: Db, historyStart: string, now: Date = new Date()): Promise<number> {
  const week = lastEndedWeek(now);
  let sent = 0;
  for (const organizationId of await organizationsDue(db, week)) {
    const digest = weeklyDigest(await digestInput(db, organizationId, week, historyStart));
    if (await recordWeeklyDigest(db, organizationId, week.start, digest, now)) sent += 1;
  }
  return sent;
}

export function weeklyDigestJob(db: Db, historyStart: string, intervalMs: number = HOUR_MS): Job {
  return { name: 'weekly digest', intervalMs, firstRunMs: Math.min(60_000, intervalMs), runOnce: () => sendWeeklyDigests(db, historyStart) };
}
