import { Type, type Static } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { DayRange } from '../domain/dates.js';
import { NO_GROUP } from './assemble.js';

// GitHub Copilot's premium requests (GET /api/v1/analytics/premium-requests, docs/analytics.md):
// what Copilot CLI reports each call used of the plan's premium requests (`github.copilot.cost`,
// the model's multiplier: docs/otel.md "Copilot's cost attribute"), per day, person, agent product
// and model. A count of Copilot's billing unit, never money. Read from the day cells, which sum the
// calls' premium requests as they are stored (migrations/0061), through the partial index of the
// cells that have some.

export const PremiumRequestRow = Type.Object({
  date: Type.String({ format: 'date', description: 'YYYY-MM-DD (UTC)' }),
  user_id: Type.String(),
  user_email: Type.Union([Type.String(), Type.Null()], { description: "The user's e-mail; null: no longer known" }),
  agent: Type.String({ description: `The agent product that reported them (copilot-cli); "${NO_GROUP}" for events imported without one` }),
  model_id: Type.String(),
  model_calls: Type.Integer({ description: 'Model calls that reported premium requests (0 included: a model in the plan)' }),
  premium_requests: Type.Number({ description: 'Premium requests used, as the agent reported them (up to 6 decimals)' }),
});
export type PremiumRequestRow = Static<typeof PremiumRequestRow>;

/** The range's rows by date, then user id, agent and model id (byte order); a day without premium requests reported has none. */
export async function premiumRequestRows(db: Db, organizationId: string, range: DayRange): Promise<PremiumRequestRow[]> {
  if (range.from > range.end) return [];
  const agent = sql`coalesce(cells.agent, ${sql.lit(NO_GROUP)})`;
  const { rows } = await sql<{ date: string; user_id: string; user_email: string | null; agent: string; model_id: string; model_calls: string; premium_requests: string }>`
    SELECT cells.day::text AS date, cells.user_id, users.email AS user_email, ${agent} AS agent, cells.model_id,
      sum(cells.premium_request_calls) AS model_calls, sum(cells.premium_requests) AS premium_requests
    FROM telemetry_day_cells cells
    LEFT JOIN users ON users.id = cells.user_id AND users.organization_id = cells.organization_id
    WHERE cells.organization_id = ${organizationId} AND cells.day BETWEEN ${range.from}::date AND ${range.end}::date
      AND cells.premium_requests IS NOT NULL
    GROUP BY cells.day, cells.user_id, users.email, ${agent}, cells.model_id
    ORDER BY cells.day, cells.user_id COLLATE "C", ${agent} COLLATE "C", cells.model_id COLLATE "C"`.execute(db);
  return rows.map((row) => ({ ...row, model_calls: Number(row.model_calls), premium_requests: Number(row.premium_requests) }));
}
