import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/db/store.js';

// Rows as the OpenTelemetry receiver writes them (migrations/0014_opentelemetry.sql), for tests of
// what reads them: identities, their waiting events, and the live connection counters.

export function uniqueId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

export async function insertIdentity(db: Db, organizationId: string, identity: { id?: string; kind?: 'email' | 'account' | 'installation' | 'key'; value: string; agent?: string; userId?: string | null; lastSeenAt?: Date }): Promise<string> {
  const id = identity.id ?? uniqueId('tid');
  await sql`INSERT INTO telemetry_identities (organization_id, id, kind, value, agent, user_id, last_seen_at)
    VALUES (${organizationId}, ${id}, ${identity.kind ?? 'email'}, ${identity.value}, ${identity.agent ?? 'claude-code'}, ${identity.userId ?? null}, ${identity.lastSeenAt ?? new Date()})`.execute(db);
  return id;
}

/** Events waiting for an identity, each as the receiver translated it (timestamp as ISO text) with the ingest key that sent it. */
export async function insertWaitingEvents(db: Db, organizationId: string, identityId: string, events: { id: string; timestamp: string; [field: string]: unknown }[], ingestKeyId = 'unknown'): Promise<void> {
  for (const event of events) {
    await sql`INSERT INTO telemetry_unattributed_events (organization_id, id, identity_id, day, event, ingest_key_id)
      VALUES (${organizationId}, ${event.id}, ${identityId}, ${event.timestamp.slice(0, 10)}, ${JSON.stringify(event)}::json, ${ingestKeyId})`.execute(db);
  }
}

export interface ConnectionRow {
  day: string;
  agent: string;
  sender: string;
  /** The database session that wrote the row (0 unless the test needs several). */
  writer?: number;
  userId?: string;
  identityId?: string;
  apiKeyId?: string;
  lastSeenAt: Date;
  accepted?: number;
  duplicates?: number;
  unattributed?: number;
  refused?: number;
  tokens?: number;
  toolCalls?: number;
  lastProblem?: string;
  lastProblemAt?: Date;
}

export async function insertConnection(db: Db, organizationId: string, row: ConnectionRow): Promise<void> {
  await sql`INSERT INTO telemetry_connections (organization_id, day, agent, sender, writer, user_id, identity_id, api_key_id, last_seen_at,
      accepted, duplicates, unattributed, refused, tokens, tool_calls, last_problem, last_problem_at)
    VALUES (${organizationId}, ${row.day}, ${row.agent}, ${row.sender}, ${row.writer ?? 0}, ${row.userId ?? null}, ${row.identityId ?? null}, ${row.apiKeyId ?? null}, ${row.lastSeenAt},
      ${row.accepted ?? 0}, ${row.duplicates ?? 0}, ${row.unattributed ?? 0}, ${row.refused ?? 0}, ${row.tokens ?? 0}, ${row.toolCalls ?? 0},
      ${row.lastProblem ?? null}, ${row.lastProblemAt ?? null})`.execute(db);
}
