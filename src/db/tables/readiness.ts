import type { ColumnType } from 'kysely';

// Readiness evaluated on computers (migrations/0057_readiness_evaluations.sql).

type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface ReadinessTables {
  readiness_repositories: {
    organization_id: string;
    id: string;
    repo_id: string;
    clone_url: string;
    created_at: Defaulted<Date>;
  };
  readiness_evaluations: {
    organization_id: string;
    id: string;
    repo_id: string;
    clone_url: string;
    trigger: string;
    night: string | null;
    status: Defaulted<string>;
    attempts: Defaulted<number>;
    not_before: Defaulted<Date>;
    computer_id: string | null;
    lease_until: Date | null;
    queued_at: Defaulted<Date>;
    started_at: Date | null;
    finished_at: Date | null;
    error: string | null;
    report_id: string | null;
  };
}
