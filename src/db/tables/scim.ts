import type { ColumnType } from 'kysely';

// SCIM provisioning's own table (migrations/0031_scim.sql).

type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface ScimTables {
  scim_users: {
    organization_id: string;
    user_id: string;
    given_name: Optional<string>;
    family_name: Optional<string>;
    display_name: Optional<string>;
    /** The role group mapping last granted (docs/scim.md "Groups, teams and roles"). */
    granted_role: Optional<string>;
    /** Deleted by the provider: deactivated, and 404 to SCIM. */
    deleted_at: Optional<Date>;
    updated_at: ColumnType<Date, Date | undefined, Date>;
  };
}
