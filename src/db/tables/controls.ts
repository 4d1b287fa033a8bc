import type { ColumnType } from 'kysely';

// Enterprise controls, credit limits and readiness reports (migrations/0004_controls.sql).

/** jsonb: read as parsed JSON, written as a JSON string (pg would turn JS arrays into SQL arrays). */
type Json<T> = ColumnType<T, string, string>;

export interface ControlsTables {
  enterprise_control_revisions: {
    organization_id: string;
    revision: number;
    settings: Json<Record<string, unknown>>;
    user_id: string;
    updated_at: ColumnType<Date, Date | undefined, never>;
  };
  user_credit_limits: {
    organization_id: string;
    user_id: string;
    credit_limit: number;
  };
  organization_credit_limits: {
    organization_id: string;
    credit_limit: number;
  };
  readiness_reports: {
    report_id: string;
    organization_id: string;
    repo_id: string;
    created_at_ms: number;
    body: Json<Record<string, unknown>>;
  };
}
