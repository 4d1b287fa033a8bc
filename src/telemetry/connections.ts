import { sql } from 'kysely';
import type { Db } from '../db/store.js';

// The live view of connected agents (telemetry_connections): per UTC day of arrival, agent product
// and sender, what arrived and what was refused. Written with the events it counts, so it never
// says more arrived than was stored; read by the Connected agents view without waiting for the
// daily rollup. Each database session adds to rows of its own (writer): a fleet exporting at
// once under one sender does not queue on one row's lock.

export interface ConnectionTally {
  agent: string;
  /** 'user:<id>', 'identity:<id>' or 'key:<api key id>'. */
  sender: string;
  userId?: string | undefined;
  identityId?: string | undefined;
  apiKeyId: string;
  accepted: number;
  duplicates: number;
  unattributed: number;
  refused: number;
  tokens: number;
  toolCalls: number;
  /** The agent's version as the latest of these records said it, when it says. */
  version?: string | undefined;
  /** Why something was refused or not counted, for the admin. */
  problem?: string | undefined;
}

/**
 * Adds tallies to their day's rows in one statement (a round trip per export, not per agent), its
 * rows in one order: concurrent exports take the rows' locks in that order and cannot deadlock.
 */
export async function tallyConnections(trx: Db, organizationId: string, at: Date, tallies: readonly ConnectionTally[]): Promise<void> {
  if (tallies.length === 0) return;
  const sorted = [...tallies].sort((a, b) => (a.agent + '\u0000' + a.sender < b.agent + '\u0000' + b.sender ? -1 : 1));
  const day = at.toISOString().slice(0, 10);
  const rows = sorted.map(
    (t) => sql`(${organizationId}, ${day}::date, ${t.agent}, ${t.sender}, pg_backend_pid(), ${t.userId ?? null}, ${t.identityId ?? null}, ${t.apiKeyId}, ${at},
      ${t.accepted}, ${t.duplicates}, ${t.unattributed}, ${t.refused}, ${t.tokens}, ${t.toolCalls}, ${t.problem ?? null}, ${t.problem === undefined ? null : at}, ${t.version ?? null})`,
  );
  await sql`
    INSERT INTO telemetry_connections (organization_id, day, agent, sender, writer, user_id, identity_id, api_key_id, last_seen_at,
      accepted, duplicates, unattributed, refused, tokens, tool_calls, last_problem, last_problem_at, agent_version)
    VALUES ${sql.join(rows)}
    ON CONFLICT (organization_id, day, agent, sender, writer) DO UPDATE SET
      last_seen_at = greatest(telemetry_connections.last_seen_at, excluded.last_seen_at),
      api_key_id = excluded.api_key_id,
      accepted = telemetry_connections.accepted + excluded.accepted,
      duplicates = telemetry_connections.duplicates + excluded.duplicates,
      unattributed = telemetry_connections.unattributed + excluded.unattributed,
      refused = telemetry_connections.refused + excluded.refused,
      tokens = telemetry_connections.tokens + excluded.tokens,
      tool_calls = telemetry_connections.tool_calls + excluded.tool_calls,
      last_problem = coalesce(excluded.last_problem, telemetry_connections.last_problem),
      last_problem_at = coalesce(excluded.last_problem_at, telemetry_connections.last_problem_at),
      agent_version = coalesce(excluded.agent_version, telemetry_connections.agent_version)`.execute(trx);
}
