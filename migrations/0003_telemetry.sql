-- Telemetry events and the daily analytics rollups computed from them (docs/analytics.md).

-- One row per event. The primary key is the idempotency key (organization, event id). Reads are
-- per organization and UTC day, so a second index leads with (organization_id, day); the rollup
-- of one day, and the 7/30-day active-user windows, scan only their days. Not partitioned: a
-- partitioned table's unique key must contain the partition key, which would lose per-
-- organization idempotency of event ids (see docs/analytics.md).
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
  PRIMARY KEY (organization_id, id)
);
CREATE INDEX telemetry_events_day ON telemetry_events (organization_id, day, user_id);

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
CREATE TABLE analytics_daily (
  organization_id  text NOT NULL REFERENCES organizations (id),
  day              date NOT NULL,
  tokens           jsonb NOT NULL,
  tools            jsonb NOT NULL,
  activity         jsonb NOT NULL,
  productivity     jsonb NOT NULL,
  aggregated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, day)
);

-- The aggregated user-day of /users, keyed for paging by user id, then date.
CREATE TABLE analytics_user_daily (
  organization_id  text NOT NULL REFERENCES organizations (id),
  user_id          text NOT NULL,
  day              date NOT NULL,
  row              jsonb NOT NULL,
  PRIMARY KEY (organization_id, user_id, day)
);
CREATE INDEX analytics_user_daily_day ON analytics_user_daily (organization_id, day, user_id);
