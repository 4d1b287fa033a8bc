-- The content of agent session steps (decisions.md §16, docs/agent-sessions.md "Content"): kept
-- only for organizations that turn the `agentSessionContent` enterprise control on, redacted
-- before it is written (secrets, keys, tokens, e-mail addresses), and deleted when it expires
-- (the control's retention, counted from the step's instant) or when the control is turned off.
-- A row per step that carried content: a prompt's text, a tool call's input and output.
CREATE TABLE agent_session_step_contents (
  organization_id text NOT NULL,
  step_id         text NOT NULL,
  session_id      text NOT NULL,
  input           text,
  output          text,
  expires_at      timestamptz NOT NULL,
  PRIMARY KEY (organization_id, step_id)
);
CREATE INDEX agent_session_step_contents_by_session ON agent_session_step_contents (organization_id, session_id);
CREATE INDEX agent_session_step_contents_by_expiry ON agent_session_step_contents (expires_at);
