import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/store.js';
import type { AuditActor } from '../domain/audit.js';
import { appendAudit } from './audit-log.js';

// Identities telemetry sent with an ingest key carries (migrations/0014_opentelemetry.sql), and
// the events waiting for an identity no member matches yet. Every call takes the organization id.

export type IdentityKind = 'email' | 'account' | 'installation' | 'key';
export type IdentityStatus = 'unattributed' | 'linked' | 'all';

export interface IdentityRecord {
  id: string;
  kind: IdentityKind;
  value: string;
  agent: string | null;
  userId: string | null;
  firstSeenAt: Date;
  lastSeenAt: Date;
  /** Events of the identity still waiting to count for a member. */
  pendingEvents: number;
}

interface IdentityRow {
  id: string;
  kind: IdentityKind;
  value: string;
  agent: string | null;
  user_id: string | null;
  first_seen_at: Date;
  last_seen_at: Date;
  pending_events: number;
}

const toRecord = (row: IdentityRow): IdentityRecord => ({
  id: row.id,
  kind: row.kind,
  value: row.value,
  agent: row.agent,
  userId: row.user_id,
  firstSeenAt: row.first_seen_at,
  lastSeenAt: row.last_seen_at,
  pendingEvents: row.pending_events,
});

const SELECT_IDENTITIES = sql`SELECT i.id, i.kind, i.value, i.agent, i.user_id, i.first_seen_at, i.last_seen_at,
    (SELECT count(*) FROM telemetry_unattributed_events e WHERE e.organization_id = i.organization_id AND e.identity_id = i.id)::int AS pending_events
  FROM telemetry_identities i`;

const STATUS_FILTER: Record<IdentityStatus, RawBuilder<unknown>> = {
  unattributed: sql`AND i.user_id IS NULL`,
  linked: sql`AND i.user_id IS NOT NULL`,
  all: sql``,
};

/** A page of identities in id order (byte order), after the given id. */
export async function listIdentities(db: Db, organizationId: string, status: IdentityStatus, page: { after: string | undefined; limit: number }): Promise<IdentityRecord[]> {
  const after = page.after === undefined ? sql`` : sql`AND i.id > ${page.after}`;
  const { rows } = await sql<IdentityRow>`${SELECT_IDENTITIES}
    WHERE i.organization_id = ${organizationId} ${STATUS_FILTER[status]} ${after}
    ORDER BY i.id COLLATE "C" LIMIT ${page.limit}`.execute(db);
  return rows.map(toRecord);
}

export async function findIdentity(db: Db, organizationId: string, identityId: string): Promise<IdentityRecord | undefined> {
  const { rows } = await sql<IdentityRow>`${SELECT_IDENTITIES} WHERE i.organization_id = ${organizationId} AND i.id = ${identityId}`.execute(db);
  return rows[0] && toRecord(rows[0]);
}

/**
 * Makes the identity count for the user, unless it already counts for someone else. Answers
 * whether it now counts for the user (false: unknown identity or linked to another member). A new
 * link is audited (telemetry_identity.linked); linking again to the same member writes nothing.
 */
export async function assignIdentity(db: Db, organizationId: string, identityId: string, user: { id: string; email: string }, actor: AuditActor): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ kind: string; value: string }>`UPDATE telemetry_identities SET user_id = ${user.id}
      WHERE organization_id = ${organizationId} AND id = ${identityId} AND user_id IS NULL
      RETURNING kind, value`.execute(trx);
    const linked = rows[0];
    if (linked) {
      await appendAudit(trx, organizationId, {
        actor,
        action: 'telemetry_identity.linked',
        target: { type: 'telemetry_identity', id: identityId, label: `${linked.kind} ${linked.value}` },
        details: { userId: user.id, email: user.email },
      });
      return true;
    }
    const same = await sql<{ id: string }>`SELECT id FROM telemetry_identities
      WHERE organization_id = ${organizationId} AND id = ${identityId} AND user_id = ${user.id}`.execute(trx);
    return same.rows.length > 0;
  });
}

export interface WaitingEvent {
  id: string;
  /** The translated event, as telemetry/events.ts checks it. */
  event: unknown;
  /** The ingest key that sent it. */
  ingestKeyId: string;
}

/** The identity's first waiting events, in id order. */
export async function waitingEvents(db: Db, organizationId: string, identityId: string, limit: number): Promise<WaitingEvent[]> {
  const { rows } = await sql<WaitingEvent>`SELECT id, event, ingest_key_id AS "ingestKeyId" FROM telemetry_unattributed_events
    WHERE organization_id = ${organizationId} AND identity_id = ${identityId}
    ORDER BY id COLLATE "C" LIMIT ${limit}`.execute(db);
  return rows;
}

export async function deleteWaitingEvents(db: Db, organizationId: string, identityId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`DELETE FROM telemetry_unattributed_events
    WHERE organization_id = ${organizationId} AND identity_id = ${identityId} AND id = ANY(${sql.val([...ids])}::text[])`.execute(db);
}
