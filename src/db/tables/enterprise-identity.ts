import type { ColumnType } from 'kysely';

// Single sign-on, SCIM tokens and the audit log (migrations/0029_identity.sql).

/** jsonb: read as parsed JSON, written as a JSON string. */
type Json<T> = ColumnType<T, string | undefined, string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface EnterpriseIdentityTables {
  organization_sso: {
    organization_id: string;
    issuer: string;
    client_id: string;
    /** Sealed by the server's secret box. */
    client_secret: string;
    allowed_domains: Json<string[]>;
    jit_enabled: Defaulted<boolean>;
    jit_role: Defaulted<string>;
    groups_claim: Defaulted<string>;
    group_roles: Json<Record<string, string>>;
    group_teams: Json<Record<string, string>>;
    sso_required: Defaulted<boolean>;
    break_glass_user_id: string | null;
    updated_at: Defaulted<Date>;
  };
  sso_domain_proofs: {
    organization_id: string;
    domain: string;
    token: string;
    verified_at: Date | null;
    created_at: Defaulted<Date>;
  };
  sso_sign_ins: {
    state_hash: string;
    organization_id: string;
    code_verifier: string;
    nonce: string;
    return_to: Defaulted<string>;
    created_at: Defaulted<Date>;
    expires_at: Date;
  };
  scim_tokens: {
    id: string;
    organization_id: string;
    name: string;
    prefix: string;
    token_hash: string;
    created_at: Defaulted<Date>;
    last_used_at: Date | null;
    revoked_at: Date | null;
  };
  audit_log: {
    id: string;
    organization_id: string;
    occurred_at: Defaulted<Date>;
    actor_type: string;
    actor_user_id: string | null;
    actor_label: string;
    action: string;
    target_type: string | null;
    target_id: string | null;
    target_label: string | null;
    details: Json<Record<string, unknown>>;
    ip: string | null;
    user_agent: string | null;
    request_id: string | null;
  };
}
