-- Team rows on every per-day endpoint, with costs (docs/analytics.md "The team dimension"): each
-- user's day row keeps, beside the figures of migration 0021, the rest of what the user's own
-- group_by rows would hold, as numbers a team read sums.
-- Costs in whole micro-units: cost_micros at the organization's prices, NULL on rows written
-- before this migration until the rollup computes them again (a team read leaves the cost out of
-- a day while one of its members' rows has none); reported_cost_micros what the agents reported
-- (micro-dollars), NULL when none did; unpriced_models the models left out of the cost.
ALTER TABLE analytics_user_daily
  ADD COLUMN cost_micros bigint,
  ADD COLUMN reported_cost_micros bigint,
  ADD COLUMN unpriced_models jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN tool_calls integer NOT NULL DEFAULT 0,
  ADD COLUMN mcp_calls integer NOT NULL DEFAULT 0,
  ADD COLUMN skills_invocations integer NOT NULL DEFAULT 0,
  ADD COLUMN slash_commands_invocations integer NOT NULL DEFAULT 0,
  ADD COLUMN hooks_invocations integer NOT NULL DEFAULT 0,
  ADD COLUMN decisions_accepted integer NOT NULL DEFAULT 0,
  ADD COLUMN decisions_rejected integer NOT NULL DEFAULT 0,
  ADD COLUMN files_created integer NOT NULL DEFAULT 0,
  ADD COLUMN files_edited integer NOT NULL DEFAULT 0,
  ADD COLUMN git_commits integer NOT NULL DEFAULT 0,
  ADD COLUMN git_prs_created integer NOT NULL DEFAULT 0,
  ADD COLUMN lines_added bigint NOT NULL DEFAULT 0,
  ADD COLUMN lines_removed bigint NOT NULL DEFAULT 0;

-- The rows written before have none of these yet: their days are marked pending, so the rollup
-- computes them again (their documents come out the same).
INSERT INTO analytics_pending_days (organization_id, day)
  SELECT organization_id, day FROM analytics_daily
  ON CONFLICT (organization_id, day) DO UPDATE SET version = nextval('analytics_pending_version');
