-- Connected-agents tallies (telemetry_connections) get one row per writing database session
-- (pg_backend_pid() of the transaction that added to it): concurrent exports of one agent and
-- sender then add to rows of their own instead of queuing on one row lock until each commits.
-- The view sums a sender's rows of the day.
ALTER TABLE telemetry_connections ADD COLUMN writer integer NOT NULL DEFAULT 0;
ALTER TABLE telemetry_connections DROP CONSTRAINT telemetry_connections_pkey;
ALTER TABLE telemetry_connections ADD PRIMARY KEY (organization_id, day, agent, sender, writer);
