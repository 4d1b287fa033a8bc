import { sql, type Selectable } from 'kysely';
import type { TelemetryConnectionsTable } from '../db/tables/telemetry.js';
import type { Db } from '../db/store.js';
import type { IdentityKind } from './telemetry-identities.js';

// Connected agents (migrations/0014_opentelemetry.sql, 0022): rows per UTC day, agent product,
// sender and writing database session, kept current by the telemetry receiver as data arrives.
// Read as it is: live.

export type Sender =
  | { kind: 'user'; user: { id: string; email: string; name: string | null } }
  | { kind: 'identity'; identity: { id: string; kind: IdentityKind; value: string; userId: string | null } }
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
  /** The agent's version its latest export that said one said (null: it sends none of its own). */
  version: string | null;
  lastProblem: { reason: string; at: Date } | null;
}

/** How many senders run one version of an agent. */
export interface FleetVersion {
  agent: string;
  version: string | null;
  senders: number;
  lastSeenAt: Date;
}

/** A connection's figures as stored (summed over its writers), with who sent them. */
type ConnectionRow = Omit<Selectable<TelemetryConnectionsTable>, 'organization_id' | 'day' | 'writer'> & {
  email: string | null;
  name: string | null;
  identity_kind: string | null;
  identity_value: string | null;
  identity_user_id: string | null;
};

/**
 * The day's connections, the most recently heard first: each agent and sender's rows (one per
 * database session that wrote to it) summed, with the key and problem of the latest.
 */
export async function listConnections(db: Db, organizationId: string, day: string): Promise<ConnectionRecord[]> {
  const result = await sql<ConnectionRow>`
    WITH rows AS (
      SELECT * FROM telemetry_connections WHERE organization_id = ${organizationId} AND day = ${day}::date
    ),
    totals AS (
      SELECT agent, sender, max(last_seen_at) AS last_seen_at,
        sum(accepted)::bigint AS accepted, sum(duplicates)::bigint AS duplicates, sum(unattributed)::bigint AS unattributed,
        sum(refused)::bigint AS refused, sum(tokens)::bigint AS tokens, sum(tool_calls)::bigint AS tool_calls
      FROM rows GROUP BY agent, sender
    ),
    latest AS (
      SELECT DISTINCT ON (agent, sender) agent, sender, user_id, identity_id, api_key_id
      FROM rows ORDER BY agent, sender, last_seen_at DESC
    ),
    versions AS (
      SELECT DISTINCT ON (agent, sender) agent, sender, agent_version
      FROM rows WHERE agent_version IS NOT NULL ORDER BY agent, sender, last_seen_at DESC
    ),
    problems AS (
      SELECT DISTINCT ON (agent, sender) agent, sender, last_problem, last_problem_at
      FROM rows WHERE last_problem IS NOT NULL ORDER BY agent, sender, last_problem_at DESC NULLS LAST
    )
    SELECT t.agent, t.sender, l.user_id, u.email, u.name, l.identity_id, i.kind AS identity_kind, i.value AS identity_value, i.user_id AS identity_user_id, l.api_key_id,
      t.last_seen_at, t.accepted, t.duplicates, t.unattributed, t.refused, t.tokens, t.tool_calls, v.agent_version, p.last_problem, p.last_problem_at
    FROM totals t
    JOIN latest l ON l.agent = t.agent AND l.sender = t.sender
    LEFT JOIN problems p ON p.agent = t.agent AND p.sender = t.sender
    LEFT JOIN versions v ON v.agent = t.agent AND v.sender = t.sender
    LEFT JOIN users u ON u.organization_id = ${organizationId} AND u.id = l.user_id
    LEFT JOIN telemetry_identities i ON i.organization_id = ${organizationId} AND i.id = l.identity_id
    ORDER BY t.last_seen_at DESC, t.agent COLLATE "C", t.sender COLLATE "C"`.execute(db);
  return result.rows.map((row) => ({
    agent: row.agent,
    sender: senderOf(row),
    lastSeenAt: row.last_seen_at,
    accepted: row.accepted,
    duplicates: row.duplicates,
    unattributed: row.unattributed,
    refused: row.refused,
    tokens: row.tokens,
    toolCalls: row.tool_calls,
    version: row.agent_version ?? null,
    lastProblem: row.last_problem === null ? null : { reason: row.last_problem, at: row.last_problem_at ?? row.last_seen_at },
  }));
}

/** Days of connections the fleet's versions are read over, ending with the day asked. */
export const FLEET_VERSION_DAYS = 7;

/**
 * The versions in use across the fleet: each agent and sender heard in the FLEET_VERSION_DAYS
 * ending with `day` counted once, at the version it said last (null when it never said one), most
 * used first. Exports refused unread (agent `(unread)`) say no agent.
 */
export async function fleetVersions(db: Db, organizationId: string, day: string, unreadAgent: string): Promise<FleetVersion[]> {
  const { rows } = await sql<{ agent: string; version: string | null; senders: number; last_seen_at: Date }>`
    WITH latest AS (
      SELECT DISTINCT ON (agent, sender) agent, sender, agent_version, last_seen_at
      FROM telemetry_connections
      WHERE organization_id = ${organizationId} AND day > ${day}::date - ${FLEET_VERSION_DAYS}::int AND day <= ${day}::date AND agent <> ${unreadAgent}
      ORDER BY agent, sender, (agent_version IS NULL), last_seen_at DESC
    )
    SELECT agent, agent_version AS version, count(*)::int AS senders, max(last_seen_at) AS last_seen_at
    FROM latest GROUP BY agent, agent_version
    ORDER BY agent COLLATE "C", senders DESC, agent_version COLLATE "C" NULLS LAST`.execute(db);
  return rows.map((row) => ({ agent: row.agent, version: row.version, senders: row.senders, lastSeenAt: row.last_seen_at }));
}

/** Who sent a row's data: the sender column says which of the three it is. */
function senderOf(row: ConnectionRow): Sender {
  if (row.sender.startsWith('user:') && row.user_id !== null && row.email !== null) {
    return { kind: 'user', user: { id: row.user_id, email: row.email, name: row.name } };
  }
  if (row.sender.startsWith('identity:') && row.identity_id !== null && row.identity_kind !== null && row.identity_value !== null) {
    return { kind: 'identity', identity: { id: row.identity_id, kind: row.identity_kind as IdentityKind, value: row.identity_value, userId: row.identity_user_id } };
  }
  return { kind: 'key', apiKeyId: row.api_key_id ?? row.sender.slice(row.sender.indexOf(':') + 1) };
}

/**
 * Clears the problem an identity's connections show when it is the given one (the identity was
 * unknown, and an admin has since linked it): a resolved problem no longer asks for attention.
 * Another problem (a refused record) stays.
 */
export async function clearIdentityProblem(db: Db, organizationId: string, identityId: string, problem: string): Promise<void> {
  await sql`UPDATE telemetry_connections SET last_problem = NULL, last_problem_at = NULL
    WHERE organization_id = ${organizationId} AND identity_id = ${identityId} AND last_problem = ${problem}`.execute(db);
}
