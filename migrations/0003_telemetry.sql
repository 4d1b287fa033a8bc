-- Telemetry events and the daily analytics rollups computed from them (docs/analytics.md).

-- The idempotency key of events: (organization, event id) is stored once, whatever the event's
-- day. A partitioned table's unique keys must contain the partition key, so this key cannot live
-- on telemetry_events itself; ingestion inserts here first and stores only the new events.
CREATE TABLE telemetry_event_ids (
  organization_id  text NOT NULL REFERENCES organizations (id),
  id               text NOT NULL,
  day              date NOT NULL,
  PRIMARY KEY (organization_id, id)
);

-- One row per event, partitioned by month of its UTC day: a day's rollup and the 7/30-day
-- active-user windows read one or two partitions, and old months can be dropped whole. The
-- monthly partitions are created on demand at ingestion (src/telemetry/partitions.ts); events
-- before 2026, earlier than any analytics history, share one partition.
CREATE TABLE telemetry_events (
  organization_id     text NOT NULL REFERENCES organizations (id),
  id                  text NOT NULL,
  day                 date NOT NULL,
  occurred_at         timestamptz NOT NULL,
  received_at         timestamptz NOT NULL DEFAULT now(),
  user_id             text NOT NULL REFERENCES users (id),
  session_id          text NOT NULL,
  client              text NOT NULL,
  type                text NOT NULL,
  autonomy_mode       text,
  model_id            text,
  model_tier          text,
  input_tokens        bigint,
  output_tokens       bigint,
  cache_read_tokens   bigint,
  cache_write_tokens  bigint,
  credits             double precision,
  tool                text,
  mcp_server          text,
  autonomy_level      text,
  name                text,
  hook_event          text,
  hook_matcher        text,
  hook_command        text,
  path                text,
  extension           text,
  language            text,
  PRIMARY KEY (organization_id, day, id)
) PARTITION BY RANGE (day);
CREATE INDEX telemetry_events_day ON telemetry_events (organization_id, day, user_id);
CREATE TABLE telemetry_events_before_2026 PARTITION OF telemetry_events FOR VALUES FROM (MINVALUE) TO ('2026-01-01');

-- Days whose rollup must be (re)computed. `version` grows with every ingestion that touches the
-- day; a rollup claims a day (lease in claimed_until), computes it and removes the row only if
-- the version is still the one it claimed, so a late event during a rollup is not lost.
CREATE TABLE analytics_pending_days (
  organization_id  text NOT NULL REFERENCES organizations (id),
  day              date NOT NULL,
  version          bigint NOT NULL DEFAULT 1,
  claimed_until    timestamptz,
  PRIMARY KEY (organization_id, day)
);
CREATE INDEX analytics_pending_days_day ON analytics_pending_days (day);

-- The aggregated organization-day: one JSON document per endpoint, exactly the ungrouped row.
-- json, not jsonb: the text is kept as the rollup wrote it (field order included), so an
-- endpoint can answer by joining the stored documents, without parsing and serializing them.
CREATE TABLE analytics_daily (
  organization_id  text NOT NULL REFERENCES organizations (id),
  day              date NOT NULL,
  tokens           json NOT NULL,
  tools            json NOT NULL,
  activity         json NOT NULL,
  productivity     json NOT NULL,
  aggregated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, day)
);

-- The aggregated user-day of /users (json, as above), keyed for paging by user id, then date.
CREATE TABLE analytics_user_daily (
  organization_id  text NOT NULL REFERENCES organizations (id),
  user_id          text NOT NULL,
  day              date NOT NULL,
  row              json NOT NULL,
  PRIMARY KEY (organization_id, user_id, day)
);
CREATE INDEX analytics_user_daily_day ON analytics_user_daily (organization_id, day, user_id);
