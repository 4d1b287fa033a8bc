-- Abandoned agent sessions (docs/agent-sessions.md "Waste found"): a session that changed files and
-- cost money but led to no commit of its person within the window after it. Outcomes arrive after
-- the session (hooks' commit reports, pushes delivered by a git host), so the decision is a job's,
-- kept apart from the findings its steps give, which ingestion rewrites.
ALTER TABLE agent_sessions
  -- Steps that changed a file: file changes, and successful calls of a writing tool.
  ADD COLUMN file_changes integer NOT NULL DEFAULT 0,
  ADD COLUMN abandoned boolean NOT NULL DEFAULT false;
CREATE INDEX agent_sessions_by_end ON agent_sessions (ended_at);

-- The outcomes the decision looks for: a person's hook-recorded commits, and a repository's pushed
-- commits by time.
CREATE INDEX agent_commits_by_user ON agent_commits (organization_id, user_id, committed_at);
CREATE INDEX git_commits_by_repository ON git_commits (organization_id, repository, authored_at);

-- Timeline retention (docs/agent-sessions.md "Retention"): a session whose steps the organization's
-- agentSessionTimelineRetentionDays deleted keeps its figures, which late records no longer change.
ALTER TABLE agent_sessions ADD COLUMN timeline_deleted boolean NOT NULL DEFAULT false;
