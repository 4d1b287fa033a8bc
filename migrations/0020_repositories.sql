-- The repository as a dimension of telemetry and analytics (docs/repositories.md): an event may name
-- the repository it was made in, stored as its id (host/owner/name, the rule of readiness reports'
-- repo_id; NULL: not said).
ALTER TABLE telemetry_events ADD COLUMN repository text;

-- Per organization-day, the grouped rows of group_by=repository of each endpoint, and the members
-- active in each repository (for distinct members over a range), as the rollup wrote them: small
-- arrays read with the day's row, like the agent rows of migrations/0015.
ALTER TABLE analytics_daily
  ADD COLUMN tokens_by_repository json NOT NULL DEFAULT '[]',
  ADD COLUMN tools_by_repository json NOT NULL DEFAULT '[]',
  ADD COLUMN activity_by_repository json NOT NULL DEFAULT '[]',
  ADD COLUMN productivity_by_repository json NOT NULL DEFAULT '[]',
  ADD COLUMN repository_members json NOT NULL DEFAULT '[]';

-- Days aggregated before have no repository rows yet: marked pending, so the rollup computes them
-- again (events stored before this migration name no repository: they count in '(none)').
INSERT INTO analytics_pending_days (organization_id, day)
  SELECT organization_id, day FROM analytics_daily
  ON CONFLICT (organization_id, day) DO UPDATE SET version = nextval('analytics_pending_version');
