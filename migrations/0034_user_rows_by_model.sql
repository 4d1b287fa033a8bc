-- The /users rows gain `by_model`, the user's day split by model (docs/analytics.md). The rows
-- written before have none: their days are marked pending, so the rollup computes them again
-- (every other figure comes out the same).
INSERT INTO analytics_pending_days (organization_id, day)
  SELECT organization_id, day FROM analytics_daily
  ON CONFLICT (organization_id, day) DO UPDATE SET version = nextval('analytics_pending_version');
