-- Connected agents (docs/otel.md): the agent's version as its latest export of the day said it
-- (OpenTelemetry's service.version; null when the agent sends none of its own).
ALTER TABLE telemetry_connections ADD COLUMN agent_version text;

-- agent.quiet (docs/webhooks.md): one announcement per quiet spell of a connection — an agent and
-- sender that exported daily and stopped. last_seen_at is the sighting the spell began after: a
-- connection heard again and quiet again is a new spell, announced again.
CREATE TABLE agent_quiet_notices (
  organization_id  text NOT NULL REFERENCES organizations (id),
  agent            text NOT NULL,
  sender           text NOT NULL,
  last_seen_at     timestamptz NOT NULL,
  notified_at      timestamptz NOT NULL,
  PRIMARY KEY (organization_id, agent, sender)
);

-- A background job's lease: the replica holding it runs the job's pass; the others skip theirs
-- until it lapses (a dead holder's lease lapses on its own).
CREATE TABLE job_leases (
  name         text PRIMARY KEY,
  holder       text NOT NULL,
  lease_until  timestamptz NOT NULL
);
