-- Telemetry retention (docs/retention.md): the first day whose events are kept. Events of earlier
-- days were dropped with their month's partition and their idempotency keys, so ingestion refuses
-- them (they would otherwise be counted again). One row, only ever moved forward by the retention
-- job, before it deletes any key; ingestion reads it FOR SHARE in its transaction, so the job's
-- update waits for batches in flight and every later batch sees the new day.
CREATE TABLE telemetry_retention (
  singleton     boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  closed_before date
);
INSERT INTO telemetry_retention (singleton, closed_before) VALUES (true, NULL);

-- Days before the first kept day are never marked pending again (a late event is refused, a
-- price change leaves them): their rollups would be computed again from events that are gone.
-- The function of migrations/0038, with that filter.
CREATE OR REPLACE FUNCTION analytics_mark_days_pending(organization text, days date[], following integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  soon_claimable date := ((now() AT TIME ZONE 'UTC') + interval '15 minutes')::date;
  first_kept date := coalesce((SELECT closed_before FROM telemetry_retention), '-infinity'::date);
BEGIN
  WITH marked AS (
    SELECT DISTINCT day + later AS day FROM unnest(days) AS given (day), generate_series(0, following) AS later
    WHERE day + later >= first_kept
  ),
  claimable AS (
    INSERT INTO analytics_pending_days (organization_id, day)
    SELECT organization, day FROM marked WHERE day < soon_claimable ORDER BY day
    ON CONFLICT (organization_id, day) DO UPDATE SET version = nextval('analytics_pending_version')
  )
  INSERT INTO analytics_pending_days (organization_id, day)
  SELECT organization, day FROM marked WHERE day >= soon_claimable ORDER BY day
  ON CONFLICT (organization_id, day) DO NOTHING;
END
$$;
