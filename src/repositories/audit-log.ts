import type { Db } from '../db/store.js';
import type { AuditActorType, AuditEntry } from '../domain/audit.js';
import { newId } from '../domain/ids.js';

// The audit log (migrations/0029_identity.sql). Callers pass the transaction of the change an
// entry records, so both commit or neither does.

export interface AuditRecord {
  id: string;
  occurredAt: Date;
  actor: { type: AuditActorType; userId: string | null; label: string; ip: string | null; userAgent: string | null; requestId: string | null };
  action: string;
  target: { type: string; id: string; label: string | null } | null;
  details: Record<string, unknown>;
}

export async function appendAudit(trx: Db, organizationId: string, entry: AuditEntry, now = new Date()): Promise<string> {
  const id = newId('aud', now.getTime());
  const { actor, target } = entry;
  await trx
    .insertInto('audit_log')
    .values({
      id,
      organization_id: organizationId,
      occurred_at: now,
      actor_type: actor.type,
      actor_user_id: actor.userId,
      actor_label: actor.label,
      action: entry.action,
      target_type: target?.type ?? null,
      target_id: target?.id ?? null,
      target_label: target?.label ?? null,
      details: JSON.stringify(entry.details ?? {}),
      ip: actor.ip,
      user_agent: actor.userAgent,
      request_id: actor.requestId,
    })
    .execute();
  return id;
}

/** Runs `work` in the caller's transaction when `db` is one, else in a new one: a change and its entry commit together. */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export interface AuditFilter {
  actions?: readonly string[];
  actorUserId?: string;
  targetId?: string;
  /** occurredAt ≥ from */
  from?: Date;
  /** occurredAt < to */
  to?: Date;
}

/**
 * The organization's entries matching `filter`, newest first, continuing after the id `after`.
 * Ids begin with the time of the entry, so id order is time order and keyset paging is stable.
 */
export async function listAuditEntries(db: Db, organizationId: string, filter: AuditFilter, page: { after: string | undefined; limit: number }): Promise<AuditRecord[]> {
  let query = db.selectFrom('audit_log').selectAll().where('organization_id', '=', organizationId);
  if (filter.actions && filter.actions.length > 0) query = query.where('action', 'in', [...filter.actions]);
  if (filter.actorUserId !== undefined) query = query.where('actor_user_id', '=', filter.actorUserId);
  if (filter.targetId !== undefined) query = query.where('target_id', '=', filter.targetId);
  if (filter.from !== undefined) query = query.where('occurred_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('occurred_at', '<', filter.to);
  if (page.after !== undefined) query = query.where('id', '<', page.after);
  const rows = await query.orderBy('id', 'desc').limit(page.limit).execute();
  return rows.map((row) => ({
    id: row.id,
    occurredAt: row.occurred_at,
    actor: { type: row.actor_type as AuditActorType, userId: row.actor_user_id, label: row.actor_label, ip: row.ip, userAgent: row.user_agent, requestId: row.request_id },
    action: row.action,
    target: row.target_type !== null && row.target_id !== null ? { type: row.target_type, id: row.target_id, label: row.target_label } : null,
    details: row.details,
  }));
}

/** Deletes the organization's entries older than `before` (retention); answers how many. */
export async function deleteAuditEntriesBefore(db: Db, organizationId: string, before: Date): Promise<number> {
  const deleted = await db.deleteFrom('audit_log').where('organization_id', '=', organizationId).where('occurred_at', '<', before).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** Every organization: each keeps its log for a retention, the default one when it sets none. */
export async function organizationIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('organizations').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}
