-- Commits made during an agent session, as Quarterdeck's hooks report them (docs/outcomes.md
-- "Hook-recorded commits"): one row per organization and SHA, the first report kept. Never code or
-- messages: the SHA, where it was made, by whom and with which agent, and git's own line counts.
CREATE TABLE agent_commits (
  organization_id  text NOT NULL REFERENCES organizations (id),
  sha              text COLLATE "C" NOT NULL,
  repository       text COLLATE "C",
  branch           text,
  session_id       text NOT NULL,
  agent            text NOT NULL,
  user_id          text NOT NULL,
  committed_at     timestamptz NOT NULL,
  lines_added      integer NOT NULL,
  lines_removed    integer NOT NULL,
  received_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, sha)
);

-- The SHA a commit was cherry-picked from (`git cherry-pick -x` writes "(cherry picked from commit
-- <sha>)"): the picked copy inherits the hook's record of the original.
ALTER TABLE git_commits ADD COLUMN picked_from_sha text;
CREATE INDEX git_commits_sha ON git_commits (organization_id, sha);
CREATE INDEX git_commits_picked_from ON git_commits (organization_id, picked_from_sha) WHERE picked_from_sha IS NOT NULL;
