import { Type, type Static } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { DayRange } from '../domain/dates.js';
import { storedRows } from './read.js';

// Time to first token per model (GET /api/v1/analytics/model-latency, docs/analytics.md): the
// median and 90th percentile of the `ttft_ms` agents report on their model calls (Claude Code's
// api_request events), per day and model. Percentiles cannot be summed from the day's cells, so
// the rollup computes them from the day's timed calls and stores the day's rows as JSON text
// beside the day's other documents (migrations/0061); the endpoint serves those.

export const ModelLatencyRow = Type.Object({
  date: Type.String({ format: 'date', description: 'YYYY-MM-DD (UTC)' }),
  model_id: Type.String(),
  timed_calls: Type.Number({ description: 'Model calls of this model that day that reported their time to first token' }),
  ttft_ms_p50: Type.Number({ description: 'Median time to first token, milliseconds (linear interpolation between calls)' }),
  ttft_ms_p90: Type.Number({ description: '90th percentile of the time to first token, milliseconds (linear interpolation)' }),
});
export type ModelLatencyRow = Static<typeof ModelLatencyRow>;

/** The day's rows, by model id (byte order), from its model calls that carry a time to first token. */
export async function modelLatencyOf(db: Db, organizationId: string, day: string): Promise<ModelLatencyRow[]> {
  const { rows } = await sql<{ model_id: string; timed_calls: string; p50: number; p90: number }>`
    SELECT model_id, count(*) AS timed_calls,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY ttft_ms) AS p50,
      percentile_cont(0.9) WITHIN GROUP (ORDER BY ttft_ms) AS p90
    FROM telemetry_events
    WHERE organization_id = ${organizationId} AND day = ${day}::date AND type = 'model_call' AND ttft_ms IS NOT NULL
    GROUP BY model_id ORDER BY model_id COLLATE "C"`.execute(db);
  // Tenths of a millisecond: an interpolated percentile is rarely whole.
  const tenths = (ms: number) => Math.round(ms * 10) / 10;
  return rows.map((row) => ({ date: day, model_id: row.model_id, timed_calls: Number(row.timed_calls), ttft_ms_p50: tenths(row.p50), ttft_ms_p90: tenths(row.p90) }));
}

/** The range's rows, by date, then model id: the days' stored rows (a day not aggregated, or without timed calls, has none). */
export async function modelLatencyRows(db: Db, organizationId: string, range: DayRange): Promise<ModelLatencyRow[]> {
  const rows: ModelLatencyRow[] = [];
  for await (const days of storedRows(db, organizationId, 'model_latency', range)) {
    for (const day of days) rows.push(...(JSON.parse(`[${day}]`) as ModelLatencyRow[]));
  }
  return rows;
}
