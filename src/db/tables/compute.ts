import type { ColumnType, Generated } from 'kysely';

// Computers, provisioning steps, sessions and messages (migrations/0005_compute.sql).

type CreatedAt = ColumnType<Date, Date | undefined, never>;
/** jsonb: read as parsed JSON, written as a JSON string (pg would turn JS arrays into SQL arrays). */
type Json<T> = ColumnType<T, string, string>;

export interface ComputersTable {
  id: string;
  organization_id: string;
  owner_user_id: string;
  name: string;
  provider_type: string;
  hostname: string | null;
  host_id: string | null;
  remote_user: string | null;
  token_hash: string;
  created_at: CreatedAt;
  last_seen_at: Date | null;
  repos: ColumnType<{ url: string; branch?: string }[], string | undefined, string>;
  auto_install_deps: Generated<boolean>;
  /** Commands for the agent, handed over and cleared by its next heartbeat (migrations/0017). */
  restart_requested: Generated<boolean>;
  refresh_requested: Generated<boolean>;
}

/** What an agent reports of its machine with a heartbeat (migrations/0017). */
export interface ComputerMetricsTable {
  computer_id: string;
  organization_id: string;
  recorded_at: Date;
  cpu_used_pct: number;
  cpu_count: number;
  mem_used: number;
  mem_total: number;
  disk_used: number;
  disk_total: number;
}

export interface ProvisioningStepsTable {
  organization_id: string;
  computer_id: string;
  id: string;
  position: number;
  name: string;
  status: string;
  error: string | null;
  started_at: Date | null;
  completed_at: Date | null;
}

export interface SessionsTable {
  id: string;
  organization_id: string;
  owner_user_id: string;
  title: string | null;
  computer_id: string | null;
  running_computer_id: Generated<string | null>;
  status: Generated<string>;
  settings: Json<Record<string, unknown>>;
  message_count: Generated<number>;
  input_tokens: Generated<number>;
  output_tokens: Generated<number>;
  cache_creation_tokens: Generated<number>;
  cache_read_tokens: Generated<number>;
  thinking_tokens: Generated<number>;
  service_credits: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  completed_at: Generated<Date | null>;
  /** The current run (set while running): its id, the claimed user message, and its lease. */
  run_id: Generated<string | null>;
  run_message_id: Generated<string | null>;
  lease_expires_at: Generated<Date | null>;
  /** The session's working directory on its computer, and the session it was started from (migrations/0018). */
  cwd: Generated<string | null>;
  parent_session_id: Generated<string | null>;
}

export interface MessagesTable {
  id: string;
  organization_id: string;
  session_id: string;
  role: string;
  content: Json<Record<string, unknown>[]>;
  parent_id: string | null;
  user_message_source: string | null;
  computer_id: string | null;
  delivery: string | null;
  delivery_attempts: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface ComputeTables {
  computers: ComputersTable;
  provisioning_steps: ProvisioningStepsTable;
  computer_metrics: ComputerMetricsTable;
  sessions: SessionsTable;
  messages: MessagesTable;
}
