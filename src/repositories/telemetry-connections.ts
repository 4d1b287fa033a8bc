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

/** The day's connections, the most recently heard first. */
export async function listConnections(db: Db, organizationId: string, day: string): Promise<ConnectionRecord[]> {
  const rows = await db
    .selectFrom('telemetry_connections as c')
    .leftJoin('users as u', (join) => join.onRef('u.organization_id', '=', 'c.organization_id').onRef('u.id', '=', 'c.user_id'))
    .leftJoin('telemetry_identities as i', (join) => join.onRef('i.organization_id', '=', 'c.organization_id').onRef('i.id', '=', 'c.identity_id'))
    .select(['c.agent', 'c.sender', 'c.user_id', 'u.email', 'u.name', 'c.identity_id', 'i.kind as identity_kind', 'i.value as identity_value', 'c.api_key_id'])
    .select(['c.last_seen_at', 'c.accepted', 'c.duplicates', 'c.unattributed', 'c.refused', 'c.tokens', 'c.tool_calls', 'c.last_problem', 'c.last_problem_at'])
    .where('c.organization_id', '=', organizationId)
    .where('c.day', '=', day)
    .orderBy('c.last_seen_at', 'desc')
    .orderBy(sql`c.agent COLLATE "C"`)
    .orderBy(sql`c.sender COLLATE "C"`)
    .execute();
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

/** Who sent a row's data: the sender column says which of the three it is. */
function senderOf(row: {
  sender: string;
  user_id: string | null;
  email: string | null;
  name: string | null;
  identity_id: string | null;
  identity_kind: string | null;
  identity_value: string | null;
  api_key_id: string | null;
}): Sender {
  if (row.sender.startsWith('user:') && row.user_id !== null && row.email !== null) {
    return { kind: 'user', user: { id: row.user_id, email: row.email, name: row.name } };
  }
  if (row.sender.startsWith('identity:') && row.identity_id !== null && row.identity_kind !== null && row.identity_value !== null) {
    return { kind: 'identity', identity: { id: row.identity_id, kind: row.identity_kind as IdentityKind, value: row.identity_value } };
  }
  return { kind: 'key', apiKeyId: row.api_key_id ?? row.sender.slice(row.sender.indexOf(':') + 1) };
}
