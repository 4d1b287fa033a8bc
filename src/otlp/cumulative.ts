import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { PointRecord } from './records.js';

// Cumulative points into increments (docs/otel.md, "Counted exactly once"). A cumulative series
// counts from its start time: its increment is the point's value less the last value counted for
// the same series and start time. The last point counted is kept per (series, start time) in
// otlp_cumulative_series, locked and updated in the export's own transaction: a retried export,
// or one racing on another replica, finds its points counted already and adds nothing. A new
// start time (a restarted process, a resumed session) is a series of its own, counted from zero;
// a value lower than the last one under the same start time is a reset and counts whole.
//
// Series state is kept SERIES_RETENTION_DAYS after its last point (series-retention.ts deletes
// the rest). A live exporter sends every series at each interval, so only series of processes
// gone quiet are deleted. A series that comes back after that, under a start time older than the
// retention, may have been counted up to a point that is no longer known: its first point is
// taken as the baseline and counts nothing (never twice), its later points their increase.

/** Days a cumulative series' state is kept after its last point. */
export const SERIES_RETENTION_DAYS = 35;
const NANOS_PER_DAY = 86_400n * 1_000_000_000n;
/** last_unix_nano of a series with nothing counted yet: below any point's instant. */
const NOTHING_COUNTED = -1n;
/** last_unix_nano of a series that may have been counted before its state was deleted: the next point is its baseline. */
const BASELINE_NEXT = -2n;

interface LastPoint {
  lastUnixNano: bigint;
  lastValue: number;
}

const keyOf = (point: PointRecord) => `${point.series}|${point.startUnixNano}`;

/**
 * The increment of each cumulative point (by its index in `points`), with the series state
 * updated. Points must all be cumulative; the caller's transaction holds the series' rows locked
 * until it commits. `now` decides which start times are older than the retention.
 */
export async function incrementsOf(trx: Db, organizationId: string, points: readonly PointRecord[], now: Date = new Date()): Promise<number[]> {
  if (points.length === 0) return [];
  const order = points.map((_, i) => i).sort((a, b) => {
    const ka = keyOf(points[a]!);
    const kb = keyOf(points[b]!);
    if (ka !== kb) return ka < kb ? -1 : 1;
    return points[a]!.timeUnixNano < points[b]!.timeUnixNano ? -1 : points[a]!.timeUnixNano > points[b]!.timeUnixNano ? 1 : 0;
  });
  const keys = [...new Set(order.map((i) => keyOf(points[i]!)))];
  const series = keys.map((key) => key.slice(0, key.indexOf('|')));
  const starts = keys.map((key) => key.slice(key.indexOf('|') + 1));
  // A series seen for the first time has no row to lock: two exports racing on it would each
  // count it from zero. So every series gets its row first, a placeholder (last_value 0) meaning
  // "nothing counted yet", or, for a start time older than the retention, "the next point is the
  // baseline"; inserted in key order: an export inserting the same new series waits for the
  // other's commit and then reads its row.
  const retentionStart = BigInt(now.getTime()) * 1_000_000n - BigInt(SERIES_RETENTION_DAYS) * NANOS_PER_DAY;
  const placeholders = starts.map((start) => String(BigInt(start) < retentionStart ? BASELINE_NEXT : NOTHING_COUNTED));
  await sql`
    INSERT INTO otlp_cumulative_series (organization_id, series, start_unix_nano, last_unix_nano, last_value)
    SELECT ${organizationId}, series, start_unix_nano, last_unix_nano, 0
    FROM unnest(${series}::text[], ${starts}::bigint[], ${placeholders}::bigint[]) AS keys (series, start_unix_nano, last_unix_nano)
    ON CONFLICT (organization_id, series, start_unix_nano) DO NOTHING`.execute(trx);
  // Locked in key order: concurrent exports of the same series wait for each other, never deadlock.
  const { rows } = await sql<{ series: string; start: string; last: string; last_value: number }>`
    SELECT series, start_unix_nano::text AS start, last_unix_nano::text AS last, last_value
    FROM otlp_cumulative_series
    WHERE organization_id = ${organizationId}
      AND (series, start_unix_nano) IN (SELECT * FROM unnest(${series}::text[], ${starts}::bigint[]))
    ORDER BY series, start_unix_nano
    FOR UPDATE`.execute(trx);
  const state = new Map<string, LastPoint>(rows.map((row) => [`${row.series}|${row.start}`, { lastUnixNano: BigInt(row.last), lastValue: row.last_value }]));

  const increments = new Array<number>(points.length).fill(0);
  const changed = new Map<string, LastPoint>();
  for (const i of order) {
    const point = points[i]!;
    const key = keyOf(point);
    const last = changed.get(key) ?? state.get(key);
    if (last && point.timeUnixNano <= last.lastUnixNano) continue; // counted already: a retry, or out of order
    if (last?.lastUnixNano === BASELINE_NEXT) increments[i] = 0;
    else increments[i] = !last || point.value < last.lastValue ? point.value : point.value - last.lastValue;
    changed.set(key, { lastUnixNano: point.timeUnixNano, lastValue: point.value });
  }
  if (changed.size > 0) {
    const entries = [...changed];
    await sql`
      INSERT INTO otlp_cumulative_series (organization_id, series, start_unix_nano, last_unix_nano, last_value)
      SELECT ${organizationId}, series, start_unix_nano, last_unix_nano, last_value
      FROM unnest(${entries.map(([key]) => key.slice(0, key.indexOf('|')))}::text[], ${entries.map(([key]) => key.slice(key.indexOf('|') + 1))}::bigint[],
        ${entries.map(([, last]) => String(last.lastUnixNano))}::bigint[], ${entries.map(([, last]) => last.lastValue)}::float8[])
        AS rows (series, start_unix_nano, last_unix_nano, last_value)
      ON CONFLICT (organization_id, series, start_unix_nano) DO UPDATE
        SET last_unix_nano = excluded.last_unix_nano, last_value = excluded.last_value, updated_at = now()`.execute(trx);
  }
  return increments;
}
