// The audit log's actions (docs/audit-log.md): what the API filters by and the console lists.

/** Everything the log records, one name per kind of change. */
export const AUDIT_ACTIONS = [
  'sign_in.succeeded',
  'sign_in.failed',
  'sign_out',
  'sso.settings_changed',
  'sso.settings_removed',
  'scim.token_created',
  'scim.token_revoked',
  'member.created',
  'member.invited',
  'member.joined',
  'member.role_changed',
  'member.updated',
  'member.deactivated',
  'member.reactivated',
  'team.created',
  'team.updated',
  'team.deleted',
  'team.member_added',
  'team.member_removed',
  'api_key.created',
  'api_key.revoked',
  'computer_token.created',
  'computer_token.revoked',
  'budget.created',
  'budget.changed',
  'budget.deleted',
  'credit_limit.changed',
  'enterprise_controls.changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
