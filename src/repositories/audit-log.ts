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
