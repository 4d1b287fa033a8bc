-- Team spend in money (docs/teams.md): each user's day row keeps its cost beside the figures team
-- reads sum (migration 0021). In whole micro-units of the organization's currency; NULL on rows
-- written before this migration, until the rollup computes them again (a team read leaves the
-- cost out of a day while one of its members' rows has none). `reported_cost_micros` is what the
-- agents reported (micro-dollars), NULL when none did; `unpriced_models` the models of the row
-- without a price, left out of its cost.
ALTER TABLE analytics_user_daily
  ADD COLUMN cost_micros bigint,
  ADD COLUMN reported_cost_micros bigint,
  ADD COLUMN unpriced_models jsonb NOT NULL DEFAULT '[]';

-- The rows written before have no costs yet: their days are marked pending, so the rollup computes
-- them again (their documents come out the same).
INSERT INTO analytics_pending_days (organization_id, day)
  SELECT organization_id, day FROM analytics_daily
  ON CONFLICT (organization_id, day) DO UPDATE SET version = nextval('analytics_pending_version');
