-- Agent sessions (decisions.md §16, docs/agent-sessions.md): what an agent's own telemetry calls a
-- session, per organization, person and agent, built as the telemetry is stored. Each step of a
-- session (a model call, a tool call, a hook, an error, a compaction, a prompt) is a row of
-- agent_session_steps whose id is the id of the event or record it came from, so the same export
-- sent twice adds nothing; the session row is recomputed from its steps in the same transaction,
-- so records arriving out of order or late give the same figures as in order. No content is kept:
-- a tool call's arguments are reduced to digests (what makes two calls the same, and which file).
CREATE TABLE agent_sessions (
  organization_id   text NOT NULL,
  id                text NOT NULL,
  user_id           text NOT NULL,
  agent             text NOT NULL,
  -- The agent's own session id (session.id, conversation.id, gen_ai.conversation.id, ...).
  session_key       text NOT NULL,
  started_at        timestamptz NOT NULL,
  ended_at          timestamptz NOT NULL,
  repository        text,
  models            text[] NOT NULL DEFAULT '{}',
  turns             integer NOT NULL DEFAULT 0,
  model_calls       integer NOT NULL DEFAULT 0,
  tool_calls        integer NOT NULL DEFAULT 0,
  errors            integer NOT NULL DEFAULT 0,
  compactions       integer NOT NULL DEFAULT 0,
  input_tokens      bigint NOT NULL DEFAULT 0,
  output_tokens     bigint NOT NULL DEFAULT 0,
  cache_read_tokens bigint NOT NULL DEFAULT 0,
  cache_write_tokens bigint NOT NULL DEFAULT 0,
  -- At the organization's prices when the session's last steps arrived, in micro-units of currency.
  cost_micros       bigint NOT NULL DEFAULT 0,
  currency          text NOT NULL DEFAULT 'USD',
  unpriced_models   text[] NOT NULL DEFAULT '{}',
  flagged           boolean NOT NULL DEFAULT false,
  waste_micros      bigint NOT NULL DEFAULT 0,
  findings          jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (organization_id, id)
);
CREATE INDEX agent_sessions_by_start ON agent_sessions (organization_id, started_at DESC, id);
CREATE INDEX agent_sessions_by_user ON agent_sessions (organization_id, user_id, started_at DESC);

CREATE TABLE agent_session_steps (
  organization_id   text NOT NULL,
  id                text NOT NULL,
  session_id        text NOT NULL,
  occurred_at       timestamptz NOT NULL,
  -- prompt, model_call, tool_call, hook, error, compaction, file_change
  kind              text NOT NULL,
  duration_ms       double precision,
  model_id          text,
  input_tokens      bigint NOT NULL DEFAULT 0,
  output_tokens     bigint NOT NULL DEFAULT 0,
  cache_read_tokens bigint NOT NULL DEFAULT 0,
  cache_write_tokens bigint NOT NULL DEFAULT 0,
  -- The tool's (or hook's, or error's) name.
  name              text,
  -- success | failure, when the agent says.
  outcome           text,
  -- read | write, for tools that read or change a file.
  file_access       text,
  -- Digests, never the arguments: the call's arguments, and the file it names.
  call_digest       text,
  file_digest       text,
  trace_id          text,
  span_id           text,
  parent_span_id    text,
  repository        text,
  PRIMARY KEY (organization_id, id)
);
CREATE INDEX agent_session_steps_by_session ON agent_session_steps (organization_id, session_id, occurred_at, id);
