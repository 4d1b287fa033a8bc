-- The rest of what a day's rollup read from the day's events, kept as they are stored, like the
-- day's cells (migrations/0035; docs/analytics.md "Daily batch"): the day's sessions, for its
-- count of distinct sessions and its users (whose rows, e-mails and windows the rollup needs),
-- and its tool calls counted per tool, per MCP server and per autonomy level. With them the
-- rollup reads no event. Events name a session, a tool and an MCP server in at most 200
-- characters (telemetry/events.ts), well within a B-tree entry.
CREATE TABLE telemetry_day_sessions (
  organization_id  text NOT NULL,
  day              date NOT NULL,
  session_id       text NOT NULL,
  user_id          text NOT NULL,
  PRIMARY KEY (organization_id, day, session_id, user_id)
);

-- `dimension`: tool, mcp_server or autonomy_level; calls without one (no MCP server, no level)
-- are in no row of that dimension.
CREATE TABLE telemetry_day_tool_calls (
  organization_id  text NOT NULL,
  day              date NOT NULL,
  dimension        text NOT NULL,
  value            text NOT NULL,
  events           bigint NOT NULL,
  PRIMARY KEY (organization_id, day, dimension, value)
) WITH (fillfactor = 80);

-- The statements that add the events of `source` (a table, or a trigger's transition table):
-- written once, for the trigger and for the count of the events stored before. Each sorts what
-- it adds, so concurrent ingestions lock the rows they share in one order.
CREATE FUNCTION pg_temp.day_tallies_add(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($statements$
    INSERT INTO telemetry_day_sessions
    SELECT DISTINCT organization_id, day, session_id, user_id FROM %1$I
    ORDER BY 1, 2, 3, 4
    ON CONFLICT DO NOTHING;
    INSERT INTO telemetry_day_tool_calls AS tallies
    SELECT organization_id, day,
      CASE grouping(tool, mcp_server, autonomy_level) WHEN 3 THEN 'tool' WHEN 5 THEN 'mcp_server' ELSE 'autonomy_level' END,
      coalesce(tool, mcp_server, autonomy_level), count(*)
    FROM %1$I WHERE type = 'tool_call'
    GROUP BY organization_id, day, GROUPING SETS ((tool), (mcp_server), (autonomy_level))
    HAVING coalesce(tool, mcp_server, autonomy_level) IS NOT NULL
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, day, dimension, value) DO UPDATE SET events = tallies.events + excluded.events
  $statements$, source)
$$;

-- A trigger of its own beside the cells' (which stays as 0035 wrote it), with the same rules:
-- every statement that stores events adds them in its own transaction, whichever server version
-- runs it; the function holds its statements as written, so PL/pgSQL keeps their plans.
DO $$
BEGIN
  EXECUTE format('CREATE FUNCTION telemetry_day_tallies_after_insert() RETURNS trigger LANGUAGE plpgsql AS %L',
    'BEGIN ' || pg_temp.day_tallies_add('new_events') || '; RETURN NULL; END');
END
$$;

-- Creating the trigger locks telemetry_events against inserts until this migration commits, so
-- the count below takes in every event stored before it, and the trigger every event after.
CREATE TRIGGER telemetry_day_tallies_after_insert AFTER INSERT ON telemetry_events
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION telemetry_day_tallies_after_insert();

DO $$
BEGIN
  EXECUTE pg_temp.day_tallies_add('telemetry_events');
END
$$;

DROP FUNCTION pg_temp.day_tallies_add(text);
