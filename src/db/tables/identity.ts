import type { ColumnType, Generated } from 'kysely';

// Identity tables (migrations/0001_foundation.sql, 0008_console_auth.sql, 0021_teams.sql).

// Table types for Kysely, one interface per table of migrations/.

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface OrganizationsTable {
  id: string;
  name: string;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: string;
  organization_id: string;
  email: string;
  name: string | null;
  role: string;
  active: Generated<boolean>;
  created_at: CreatedAt;
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** The person's own opt-out of notification e-mails (docs/email.md). */
  email_notifications: Generated<boolean>;
  /** The first sign-in; NULL while the person is invited (migrations/0029_identity.sql). */
  joined_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  deactivated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The latest console sign-in (migrations/0062_member_sign_ins.sql). */
  last_sign_in_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The identity provider's id for the person (SCIM externalId). */
  external_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ApiKeysTable {
  id: string;
  /** 'personal' | 'ingest' (repositories/api-keys.ts). */
  kind: ColumnType<string, string | undefined, never>;
  organization_id: string;
  user_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: CreatedAt;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
  /** Revoked by the user's deactivation, so a reactivation brings it back. */
  revoked_by_deactivation: Generated<boolean>;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

/** The organization of each credential's hash (migration 0064), written by triggers only. */
export interface CredentialOrganizationsTable {
  token_hash: string;
  organization_id: string;
  kind: string;
}

export interface InvitationsTable {
  id: string;
  organization_id: string;
  user_id: string;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export interface BrowserSessionsTable {
  id: string;
  organization_id: string;
  user_id: string;
  token_hash: string;
  csrf_token: string;
  created_at: CreatedAt;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Date;
  /** The ID token of a session begun through single sign-on, for RP-initiated logout. */
  id_token: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SignInFailuresTable {
  scope: string;
  failures: number;
  window_start: Date;
}

/** Teams of members (migrations/0021_teams.sql). */
export interface TeamsTable {
  id: string;
  organization_id: string;
  name: string;
  /** 'manual' for teams made here; an identity-provider sync writes its own. */
  source: ColumnType<string, string | undefined, string>;
  external_id: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface TeamMembersTable {
  organization_id: string;
  team_id: string;
  user_id: string;
  added_at: CreatedAt;
}

export interface IdentityTables {
  organizations: OrganizationsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  server_secrets: ServerSecretsTable;
  invitations: InvitationsTable;
  credential_organizations: CredentialOrganizationsTable;
  browser_sessions: BrowserSessionsTable;
  sign_in_failures: SignInFailuresTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
}
