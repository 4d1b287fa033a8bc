import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { IdentityKind } from './telemetry-identities.js';

// Connected agents (migrations/0014_opentelemetry.sql): one row per UTC day, agent product and
// sender, kept current by the telemetry receiver as data arrives. Read as it is: live.

export type Sender =
  | { kind: 'user'; user: { id: string; email: string; name: string | null } }
  | { kind: 'identity'; identity: { id: string; kind: IdentityKind; value: string } }
  | { kind: 'key'; apiKeyId: string };

export interface ConnectionRecord {
  agent: string;
  sender: Sender;
  lastSeenAt: Date;
  accepted: number;
  duplicates: number;
  unattributed: number;
  refused: number;
  tokens: number;
  toolCalls: number;
  lastProblem: { reason: string; at: Date } | null;
}

interface ConnectionRow {
  agent: string;
  sender: string;
  user_id: string | null;
  email: string | null;
  name: string | null;
  identity_id: string | null;
  identity_kind: IdentityKind | null;
  identity_value: string | null;
  api_key_id: string | null;
  last_seen_at: Date;
  accepted: number;
  duplicates: number;
  unattributed: number;
  refused: number;
  tokens: number;
  tool_calls: number;
  last_problem: string | null;
  last_problem_at: Date | null;
}

/** Who sent a row's data: the sender column says which of the three it is. */
function senderOf(row: ConnectionRow): Sender {
  if (row.sender.startsWith('user:') && row.user_id !== null && row.email !== null) {
    return { kind: 'user', user: { id: row.user_id, email: row.email, name: row.name } };
  }
  if (row.sender.startsWith('identity:') && row.identity_id !== null && row.identity_kind !== null && row.identity_value !== null) {
    return { kind: 'identity', identity: { id: row.identity_id, kind: row.identity_kind, value: row.identity_value } };
  }
  return { kind: 'key', apiKeyId: row.api_key_id ?? row.sender.slice(row.sender.indexOf(':') + 1) };
}

/** The day's connections, the most recently heard first. */
export async function listConnections(db: Db, organizationId: string, day: string): Promise<ConnectionRecord[]> {
  const { rows } = await sql<ConnectionRow>`SELECT c.agent, c.sender, c.user_id, u.email, u.name,
      c.identity_id, i.kind AS identity_kind, i.value AS identity_value, c.api_key_id,
      c.last_seen_at, c.accepted, c.duplicates, c.unattributed, c.refused, c.tokens, c.tool_calls,
      c.last_problem, c.last_problem_at
    FROM telemetry_connections c
    LEFT JOIN users u ON u.organization_id = c.organization_id AND u.id = c.user_id
    LEFT JOIN telemetry_identities i ON i.organization_id = c.organization_id AND i.id = c.identity_id
    WHERE c.organization_id = ${organizationId} AND c.day = ${day}
    ORDER BY c.last_seen_at DESC, c.agent COLLATE "C", c.sender COLLATE "C"`.execute(db);
  return rows.map((row) => ({
    agent: row.agent,
    sender: senderOf(row),
    lastSeenAt: row.last_seen_at,
    accepted: row.accepted,
    duplicates: row.duplicates,
    unattributed: row.unattributed,
    refused: row.refused,
    tokens: row.tokens,
    toolCalls: row.tool_calls,
    lastProblem: row.last_problem === null ? null : { reason: row.last_problem, at: row.last_problem_at ?? row.last_seen_at },
  }));
}
