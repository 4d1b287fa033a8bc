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
