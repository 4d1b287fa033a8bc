import type { ColumnType } from 'kysely';

// Git hosts, their deliveries, pull requests and commits (migrations/0040_git_hosts.sql), and the
// commits the hooks saw made in agent sessions (migrations/0053_agent_commits.sql).

/** jsonb: read as parsed JSON, written as a JSON string. */
type Json<T> = ColumnType<T, string, string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface AgentEvidenceColumn {
  agent: string;
  via: 'author' | 'co-author' | 'hook';
}

export interface OutcomesTables {
  git_hosts: {
    id: string;
    organization_id: string;
    provider: string;
    name: Defaulted<string>;
    secret_sealed: string;
    created_at: Defaulted<Date>;
  };
  git_deliveries: {
    id: string;
    git_host_id: string;
    delivery_id: string;
    organization_id: string;
    event: string;
    outcome: string;
    received_at: Defaulted<Date>;
  };
  git_pull_requests: {
    git_host_id: string;
    repository: string;
    number: number;
    organization_id: string;
    url: string | null;
    author_login: string | null;
    head_branch: string | null;
    opened_at: Date | null;
    first_review_at: Date | null;
    merged_at: Date | null;
    closed_at: Date | null;
    reopened_at: Date | null;
    merge_commit_sha: string | null;
    additions: number | null;
    deletions: number | null;
    reverts_number: number | null;
  };
  git_commits: {
    git_host_id: string;
    repository: string;
    sha: string;
    organization_id: string;
    author_name: string;
    author_email: string;
    authored_at: Date;
    attribution: string;
    agents: Json<AgentEvidenceColumn[]>;
    reverts_sha: string | null;
    picked_from_sha: Defaulted<string | null>;
  };
  agent_commits: {
    organization_id: string;
    sha: string;
    repository: string | null;
    branch: string | null;
    session_id: string;
    agent: string;
    user_id: string;
    committed_at: Date;
    lines_added: number;
    lines_removed: number;
    received_at: Defaulted<Date>;
  };
  git_branch_commits: {
    organization_id: string;
    git_host_id: string;
    repository: string;
    branch: string;
    sha: string;
  };
}
