-- Standard Credits in fixed point (docs/analytics.md, "Credits in fixed point"): 6 decimal places,
-- summed exactly by PostgreSQL. Stored values are rounded to the micro-credit; monthly counters
-- summed in floating point before are rounded too. Every aggregated day is marked pending, so
-- the rollup recomputes it from the events without floating-point noise.
ALTER TABLE telemetry_events ALTER COLUMN credits TYPE numeric(24, 6) USING round(credits::numeric, 6);
ALTER TABLE monthly_credit_usage ALTER COLUMN credits TYPE numeric(24, 6) USING round(credits::numeric, 6);
ALTER TABLE monthly_credit_usage ALTER COLUMN credits SET DEFAULT 0;
INSERT INTO analytics_pending_days (organization_id, day)
  SELECT organization_id, day FROM analytics_daily
  ON CONFLICT (organization_id, day) DO UPDATE SET version = analytics_pending_days.version + 1;
