-- Telemetry sent with an ingest key (docs/otel.md "Ingest keys and credit limits"): each event
-- remembers the ingest key that sent it (NULL for a person's own key and Quarterdeck's clients),
-- and the month's counters keep those events' credits apart, so an organization can keep a fleet
-- key's telemetry out of its members' credit limits (the enterprise control
-- creditLimitsExcludeIngestKeyTelemetry). A nullable column with no default: adding it rewrites
-- nothing, and a replica of the previous release, which does not send it, stores NULL.
ALTER TABLE telemetry_events ADD COLUMN ingest_key_id text;

ALTER TABLE monthly_credit_usage ADD COLUMN ingest_key_credits numeric(24, 6) NOT NULL DEFAULT 0;

-- As migrations/0038 wrote it, with the ingest keys' share beside the total.
CREATE OR REPLACE FUNCTION telemetry_month_credits_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO monthly_credit_usage AS usage (organization_id, user_id, month, credits, ingest_key_credits)
  SELECT organization_id, user_id, day - extract(day FROM day)::integer + 1, sum(credits), coalesce(sum(credits) FILTER (WHERE ingest_key_id IS NOT NULL), 0)
  FROM new_events WHERE credits <> 0
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, user_id, month) DO UPDATE SET
    credits = usage.credits + excluded.credits,
    ingest_key_credits = usage.ingest_key_credits + excluded.ingest_key_credits;
  RETURN NULL;
END
$$;

-- Unattributed events all came with an ingest key (a person's key attributes to its person): the
-- key is kept with them, and goes with them into telemetry_events when an admin links their
-- identity. Those waiting from before this migration are marked by their identity's key when it
-- was one, else as 'unknown': they were sent with an ingest key all the same.
ALTER TABLE telemetry_unattributed_events ADD COLUMN ingest_key_id text;
UPDATE telemetry_unattributed_events e SET ingest_key_id = coalesce(
  (SELECT i.value FROM telemetry_identities i WHERE i.organization_id = e.organization_id AND i.id = e.identity_id AND i.kind = 'key'), 'unknown');
ALTER TABLE telemetry_unattributed_events ALTER COLUMN ingest_key_id SET NOT NULL;
