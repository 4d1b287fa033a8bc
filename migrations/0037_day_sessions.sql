-- The day's sessions, kept as events are stored like the day's cells (migrations/0035;
-- docs/analytics.md "Daily batch"): each (session, user) pair of an organization-day once, for the
-- day's count of distinct sessions and its users (whose e-mails and active-user windows the
-- rollup needs), which it read from the day's events before. Events name a session in at most
-- 128 characters (telemetry/events.ts), well within a B-tree entry.
CREATE TABLE telemetry_day_sessions (
  organization_id  text NOT NULL,
  day              date NOT NULL,
  session_id       text NOT NULL,
  user_id          text NOT NULL,
  PRIMARY KEY (organization_id, day, session_id, user_id)
);

-- A trigger of its own beside the cells' (which stays as 0035 wrote it), with the same rules:
-- every statement that stores events adds their sessions in its own transaction, whichever
-- server version runs it. The statement is written here, not built at each call, so PL/pgSQL
-- keeps its plan; it sorts what it adds, so concurrent ingestions meet the keys they share in one
-- order.
CREATE FUNCTION telemetry_day_sessions_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO telemetry_day_sessions
  SELECT DISTINCT organization_id, day, session_id, user_id FROM new_events
  ORDER BY 1, 2, 3, 4
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

-- Creating the trigger locks telemetry_events against inserts until this migration commits, so
-- the count below takes in every event stored before it, and the trigger every event after.
CREATE TRIGGER telemetry_day_sessions_after_insert AFTER INSERT ON telemetry_events
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION telemetry_day_sessions_after_insert();

INSERT INTO telemetry_day_sessions
SELECT DISTINCT organization_id, day, session_id, user_id FROM telemetry_events;
