-- Where a session works and where it came from (decisions.md "What real clients send",
-- docs/computers-and-sessions.md): its working directory on the computer, and the session it
-- was started from (a person's or an agent's), listed by GET /api/v0/sessions/{id}/children.
ALTER TABLE sessions ADD COLUMN cwd text;
ALTER TABLE sessions ADD COLUMN parent_session_id text REFERENCES sessions (id) ON DELETE SET NULL;
CREATE INDEX sessions_children ON sessions (parent_session_id, id) WHERE parent_session_id IS NOT NULL;
