-- The month's credits and the rollup's pending days, kept by the statement that stores the events
-- (docs/analytics.md "Daily batch", docs/performance.md "OTLP ingestion"), as the day's cells and
-- sessions are (migrations/0035, 0037). Ingestion used to write them in two statements of its own
-- after the events, holding the rows every batch of a member shares (its day's cells, its month's
-- credits) for two more round trips to a busy server: now the events' statement is the last
-- before the commit.

-- Marks days pending (again), each with the `following` days after it. A day a rollup may claim
-- soon gets a new version, which tells a running rollup its result is stale; that takes the
-- day's row lock until the caller commits. A day that ends more than 15 minutes ahead (by the
-- database's clock) cannot be claimed before the ingestion marking it has committed, unless its
-- transaction stays open longer than that: today and the days after it (until the last minutes
-- of today) are only inserted when missing. No rollup can be working on them, and leaving their
-- rows unlocked keeps concurrent ingestions of one organization from waiting for each other's
-- commits (every ingestion marks today and the days after it). Sorted: concurrent ingestions
-- lock the same rows in the same order.
CREATE FUNCTION analytics_mark_days_pending(organization text, days date[], following integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  soon_claimable date := ((now() AT TIME ZONE 'UTC') + interval '15 minutes')::date;
BEGIN
  WITH marked AS (
    SELECT DISTINCT day + later AS day FROM unnest(days) AS given (day), generate_series(0, following) AS later
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

-- Standard Credits of the stored events per user and UTC month (decisions.md §9), for credit
-- limits and budgets, which do not wait for the daily batch. Sorted like the cells: concurrent
-- ingestions lock the counters they share in one order. A month is the first day of the events'
-- UTC day's month, in date arithmetic (date_trunc would go through the session's time zone).
CREATE FUNCTION telemetry_month_credits_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO monthly_credit_usage AS usage (organization_id, user_id, month, credits)
  SELECT organization_id, user_id, day - extract(day FROM day)::integer + 1, sum(credits)
  FROM new_events WHERE credits <> 0
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, user_id, month) DO UPDATE SET credits = usage.credits + excluded.credits;
  RETURN NULL;
END
$$;

-- The days of the stored events, each with the 29 after it: a later day's active-user windows
-- (WAU over 7 days, MAU over 30) include the day.
CREATE FUNCTION telemetry_pending_days_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  organization text;
  days date[];
BEGIN
  FOR organization, days IN SELECT organization_id, array_agg(DISTINCT day) FROM new_events GROUP BY 1 ORDER BY 1 LOOP
    PERFORM analytics_mark_days_pending(organization, days, 29);
  END LOOP;
  RETURN NULL;
END
$$;

-- Triggers fire in the order of their names: the cells, the sessions, the credits, then the
-- pending days, the order in which ingestion wrote them before.
CREATE TRIGGER telemetry_month_credits_after_insert AFTER INSERT ON telemetry_events
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION telemetry_month_credits_after_insert();
CREATE TRIGGER telemetry_pending_days_after_insert AFTER INSERT ON telemetry_events
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION telemetry_pending_days_after_insert();

-- During a rolling upgrade, replicas of the previous release still add their events' credits
-- themselves, in a statement of their own after the events, which the trigger above has already
-- counted. Only a trigger writes the counters now (pg_trigger_depth() > 0): any other insert is
-- skipped, so each event's credits are counted once whichever release stored it
-- (docs/deployment.md, "Migrations").
CREATE FUNCTION monthly_credit_usage_skip_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN NULL;
END
$$;
CREATE TRIGGER monthly_credit_usage_from_events_only BEFORE INSERT ON monthly_credit_usage
  FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION monthly_credit_usage_skip_row();
