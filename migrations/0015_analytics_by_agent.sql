-- The agent product as a dimension of analytics (docs/analytics.md, "The agent dimension"): per
-- organization-day, the grouped rows of group_by=agent of each endpoint, as the rollup wrote them
-- (json, like the other documents: served as text, never parsed again). A small array per day (one
-- row per agent product present that day), read with the day's row: no table, no join.
ALTER TABLE analytics_daily
  ADD COLUMN tokens_by_agent json NOT NULL DEFAULT '[]',
  ADD COLUMN tools_by_agent json NOT NULL DEFAULT '[]',
  ADD COLUMN activity_by_agent json NOT NULL DEFAULT '[]',
  ADD COLUMN productivity_by_agent json NOT NULL DEFAULT '[]';

-- Days aggregated before have no agent rows yet: marked pending, so the rollup computes them again
-- (their other documents come out the same).
INSERT INTO analytics_pending_days (organization_id, day)
  SELECT organization_id, day FROM analytics_daily
  ON CONFLICT (organization_id, day) DO UPDATE SET version = nextval('analytics_pending_version');
