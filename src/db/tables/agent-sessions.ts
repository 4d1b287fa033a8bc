import type { ColumnType } from 'kysely';

// Agent sessions and their steps (migrations/0054_agent_sessions.sql, 0055_agent_session_outcomes.sql,
// 0060_agent_session_content.sql).



type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface FindingColumn {
  pattern: string;
  occurrences: number;
  tool: string | null;
  firstAt: string;
  lastAt: string;
  tokens: number;
  estimatedCost: number;
}

export interface AgentSessionsTables {
  agent_sessions: {
    organization_id: string;
    id: string;
    user_id: string;
    agent: string;
    session_key: string;
    started_at: Date;
    ended_at: Date;
    repository: string | null;
    models: Defaulted<string[]>;
    turns: Defaulted<number>;
    model_calls: Defaulted<number>;
    tool_calls: Defaulted<number>;
    errors: Defaulted<number>;
    compactions: Defaulted<number>;
    input_tokens: Defaulted<number>;
    output_tokens: Defaulted<number>;
    cache_read_tokens: Defaulted<number>;
    cache_write_tokens: Defaulted<number>;
    cost_micros: Defaulted<number>;
    currency: Defaulted<string>;
    unpriced_models: Defaulted<string[]>;
    flagged: Defaulted<boolean>;
    waste_micros: Defaulted<number>;
    findings: ColumnType<FindingColumn[], string | undefined, string>;
    file_changes: Defaulted<number>;
    abandoned: Defaulted<boolean>;
    timeline_deleted: Defaulted<boolean>;
  };
  agent_session_steps: {
    organization_id: string;
    id: string;
    session_id: string;
    occurred_at: Date;
    kind: string;
    duration_ms: number | null;
    model_id: string | null;
    input_tokens: Defaulted<number>;
    output_tokens: Defaulted<number>;
    cache_read_tokens: Defaulted<number>;
    cache_write_tokens: Defaulted<number>;
    name: string | null;
    outcome: string | null;
    file_access: string | null;
    call_digest: string | null;
    file_digest: string | null;
    trace_id: string | null;
    span_id: string | null;
    parent_span_id: string | null;
    repository: string | null;
  };
  agent_session_step_contents: {
    organization_id: string;
    step_id: string;
    session_id: string;
    input: string | null;
    output: string | null;
    expires_at: Date;
  };
}

