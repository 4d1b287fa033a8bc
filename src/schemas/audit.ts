import { Type, type Static } from '@sinclair/typebox';
import type { AuditRecord } from '../repositories/audit-log.js';
import { UnixMillis } from './common.js';

// The audit log (docs/audit-log.md) as the API shows an entry.

export const AuditLogEntry = Type.Object(
  {
    id: Type.String(),
    occurredAt: UnixMillis,
    actor: Type.Object({
      type: Type.String({ description: 'user (a member, console or key), scim, sso, admin (the platform operator) or system' }),
      userId: Type.Union([Type.String(), Type.Null()]),
      label: Type.String({ description: "The member's e-mail, the SCIM token's name, \"platform operator\"" }),
      ip: Type.Union([Type.String(), Type.Null()]),
      userAgent: Type.Union([Type.String(), Type.Null()]),
    }),
    action: Type.String({ description: 'What happened, e.g. member.role_changed (docs/audit-log.md lists them)' }),
    target: Type.Union([Type.Object({ type: Type.String(), id: Type.String(), label: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]),
    details: Type.Object({}, { additionalProperties: true, description: 'What changed (never a secret); varies by action' }),
    requestId: Type.Union([Type.String(), Type.Null()], { description: 'X-Request-Id of the request that made the change' }),
  },
  { $id: 'AuditLogEntry' },
);

export function auditEntryView(entry: AuditRecord): Static<typeof AuditLogEntry> {
  const { ip, label, type, userAgent, userId } = entry.actor;
  return {
    id: entry.id,
    occurredAt: entry.occurredAt.getTime(),
    actor: { type, userId, label, ip, userAgent },
    action: entry.action,
    target: entry.target,
    details: entry.details,
    requestId: entry.actor.requestId,
  };
}
