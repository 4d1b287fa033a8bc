-- OpenTelemetry ingestion (docs/otel.md): ingest keys, the agent product as a dimension of every
-- event, the events only OpenTelemetry exporters report, the state of cumulative metric series,
-- identities carried by telemetry that no member matches yet, and the live view of connected agents.

-- An ingest key can only send telemetry, and attributes each record by the identity it carries.
ALTER TABLE api_keys ADD COLUMN kind text NOT NULL DEFAULT 'personal' CHECK (kind IN ('personal', 'ingest'));

-- The agent product that sent an event (claude-code, codex, ...; NULL: not said), a cost the agent
-- reported itself (USD, beside the credits computed from the model catalogue), lines of code
-- changed, and accept/reject decisions on a tool's proposed change. Events from exporters that do
-- not say which client or autonomy they ran with leave those empty: never guessed.
ALTER TABLE telemetry_events ADD COLUMN agent text;
ALTER TABLE telemetry_events ADD COLUMN reported_cost_usd double precision;
ALTER TABLE telemetry_events ADD COLUMN lines_added bigint;
ALTER TABLE telemetry_events ADD COLUMN lines_removed bigint;
ALTER TABLE telemetry_events ADD COLUMN decision text;
ALTER TABLE telemetry_events ALTER COLUMN client DROP NOT NULL;

-- The last point seen of each cumulative series (one row per series and start time): a point is
-- counted as its increase over the last one, in the transaction that stores the events it makes,
-- so a retried or racing export finds the point already counted. A new start time is a new row:
-- a restarted process counts from zero again.
CREATE TABLE otlp_cumulative_series (
  organization_id  text NOT NULL REFERENCES organizations (id),
  series           text NOT NULL,
  start_unix_nano  bigint NOT NULL,
  last_unix_nano   bigint NOT NULL,
  last_value       double precision NOT NULL,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, series, start_unix_nano)
);
CREATE INDEX otlp_cumulative_series_updated_at ON otlp_cumulative_series (updated_at);

-- Who telemetry sent with an ingest key says it is from: an e-mail, a vendor account id or an
-- installation id (kind), as the agent sent it (value); or, when a record names no one, the ingest
-- key it came with (kind 'key', value the key's id). user_id is the member it counts for, once
-- matched or linked by an admin; until then its events wait in telemetry_unattributed_events.
CREATE TABLE telemetry_identities (
  organization_id  text NOT NULL REFERENCES organizations (id),
  id               text NOT NULL,
  kind             text NOT NULL CHECK (kind IN ('email', 'account', 'installation', 'key')),
  value            text NOT NULL,
  agent            text,
  user_id          text REFERENCES users (id),
  first_seen_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id)
);
CREATE INDEX telemetry_identities_user ON telemetry_identities (organization_id, user_id);

-- Events of identities no member matches yet: kept, never counted, until the identity is linked to
-- a member (then they are stored as that member's, with their ids, so nothing counts twice).
CREATE TABLE telemetry_unattributed_events (
  organization_id  text NOT NULL REFERENCES organizations (id),
  id               text NOT NULL,
  identity_id      text NOT NULL,
  day              date NOT NULL,
  event            json NOT NULL,
  received_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, identity_id) REFERENCES telemetry_identities (organization_id, id)
);
CREATE INDEX telemetry_unattributed_events_identity ON telemetry_unattributed_events (organization_id, identity_id);

-- Connected agents, live: per day, agent product and sender (a member, an unattributed identity,
-- or the key itself when nothing could be read), what arrived and what was refused, and why.
CREATE TABLE telemetry_connections (
  organization_id  text NOT NULL REFERENCES organizations (id),
  day              date NOT NULL,
  agent            text NOT NULL,
  sender           text NOT NULL,
  user_id          text REFERENCES users (id),
  identity_id      text,
  api_key_id       text REFERENCES api_keys (id),
  last_seen_at     timestamptz NOT NULL,
  accepted         bigint NOT NULL DEFAULT 0,
  duplicates       bigint NOT NULL DEFAULT 0,
  unattributed     bigint NOT NULL DEFAULT 0,
  refused          bigint NOT NULL DEFAULT 0,
  tokens           bigint NOT NULL DEFAULT 0,
  tool_calls       bigint NOT NULL DEFAULT 0,
  last_problem     text,
  last_problem_at  timestamptz,
  PRIMARY KEY (organization_id, day, agent, sender)
);
