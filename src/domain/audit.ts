import type { AuditAction } from '../sdk/audit-actions.js';

// The audit log (docs/audit-log.md): who did what, when, from where. Every entry is appended in
// the transaction of the change it records, so an entry exists exactly when its change does.

/** Who acted: a member (console or key), the identity provider (SCIM, SSO), the platform operator, or the server. */
export type AuditActorType = 'user' | 'scim' | 'sso' | 'admin' | 'system';

export interface AuditActor {
  type: AuditActorType;
  /** The member who acted, when a member did. */
  userId: string | null;
  /** What a reader sees: the member's e-mail, the SCIM token's name, "platform operator". */
  label: string;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

export interface AuditTarget {
  type: 'user' | 'team' | 'api_key' | 'computer' | 'budget' | 'credit_limit' | 'enterprise_controls' | 'sso' | 'scim_token' | 'webhook' | 'prices' | 'telemetry_identity' | 'git_host' | 'readiness_repository';
  id: string;
  label?: string | null;
}

export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  target?: AuditTarget;
  /** What changed, never a secret: ids, names, old and new values, revision numbers. */
  details?: Record<string, unknown>;
}

/** The server acting on its own (jobs, retention). */
export const SYSTEM_ACTOR: AuditActor = { type: 'system', userId: null, label: 'Quarterdeck', ip: null, userAgent: null, requestId: null };

/** How long entries are kept when the organization sets nothing (enterprise control auditLogRetentionDays). */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;
