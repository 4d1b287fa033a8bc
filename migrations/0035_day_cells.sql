-- The day's events counted by cell, kept as they are stored (docs/analytics.md "Daily batch"): the
-- rollup reads a day's few thousand cells instead of grouping its events by sixteen dimensions.
-- A cell is the events of one organization-day alike in every dimension a user's row or a
-- distinct-user count needs; `mcp` says whether a tool call went to an MCP server. Its sums are
-- NULL when none of its events carries the field, as sum() over the events would say.
CREATE TABLE telemetry_day_cells (
  organization_id       text NOT NULL,
  day                   date NOT NULL,
  -- SHA-256 of the dimensions as a row's text, which tells NULL from '': the dimensions
  -- themselves (a hook's command alone may take 4,000 characters) can outgrow a B-tree entry.
  cell                  bytea NOT NULL,
  user_id               text NOT NULL,
  type                  text NOT NULL,
  client                text,
  agent                 text,
  repository            text,
  model_id              text,
  model_tier            text,
  mcp                   boolean NOT NULL,
  autonomy_mode         text,
  name                  text,
  hook_event            text,
  hook_matcher          text,
  hook_command          text,
  extension             text,
  language              text,
  decision              text,
  events                bigint NOT NULL,
  credits               numeric,
  input_tokens          numeric,
  output_tokens         numeric,
  cache_read_tokens     numeric,
  cache_write_tokens    numeric,
  -- Reported costs in whole micro-dollars (ingestion stores them to the micro-dollar), and how
  -- many events reported one.
  reported_cost_micros  numeric,
  reported_costs        bigint NOT NULL,
  lines_added           numeric,
  lines_removed         numeric,
  PRIMARY KEY (organization_id, day, cell)
-- Room on each page: a cell's sums change in place as events arrive (HOT updates).
) WITH (fillfactor = 80);

-- The statement that adds the events of `source` (a table, or a trigger's transition table) to
-- their cells: written once, for the trigger and for the count of the events stored before.
CREATE FUNCTION pg_temp.day_cells_add(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($statement$
    INSERT INTO telemetry_day_cells AS cells
    SELECT organization_id, day,
      sha256(convert_to(ROW(user_id, type, client, agent, repository, model_id, model_tier, mcp_server IS NOT NULL, autonomy_mode,
        name, hook_event, hook_matcher, hook_command, extension, language, decision)::text, 'UTF8')),
      user_id, type, client, agent, repository, model_id, model_tier, mcp_server IS NOT NULL, autonomy_mode,
      name, hook_event, hook_matcher, hook_command, extension, language, decision,
      count(*), sum(credits), sum(input_tokens), sum(output_tokens), sum(cache_read_tokens), sum(cache_write_tokens),
      sum(round(reported_cost_usd * 1000000)), count(reported_cost_usd), sum(lines_added), sum(lines_removed)
    FROM %I
    GROUP BY organization_id, day, user_id, type, client, agent, repository, model_id, model_tier, mcp_server IS NOT NULL,
      autonomy_mode, name, hook_event, hook_matcher, hook_command, extension, language, decision
    -- One order for every statement: concurrent ingestions lock the cells they share in turn.
    ORDER BY 1, 2, 3
    ON CONFLICT (organization_id, day, cell) DO UPDATE SET
      events = cells.events + excluded.events,
      credits = coalesce(cells.credits + excluded.credits, cells.credits, excluded.credits),
      input_tokens = coalesce(cells.input_tokens + excluded.input_tokens, cells.input_tokens, excluded.input_tokens),
      output_tokens = coalesce(cells.output_tokens + excluded.output_tokens, cells.output_tokens, excluded.output_tokens),
      cache_read_tokens = coalesce(cells.cache_read_tokens + excluded.cache_read_tokens, cells.cache_read_tokens, excluded.cache_read_tokens),
      cache_write_tokens = coalesce(cells.cache_write_tokens + excluded.cache_write_tokens, cells.cache_write_tokens, excluded.cache_write_tokens),
      reported_cost_micros = coalesce(cells.reported_cost_micros + excluded.reported_cost_micros, cells.reported_cost_micros, excluded.reported_cost_micros),
      reported_costs = cells.reported_costs + excluded.reported_costs,
      lines_added = coalesce(cells.lines_added + excluded.lines_added, cells.lines_added, excluded.lines_added),
      lines_removed = coalesce(cells.lines_removed + excluded.lines_removed, cells.lines_removed, excluded.lines_removed)
  $statement$, source)
$$;

-- Every statement that stores events adds them to their cells in its own transaction, whichever
-- server version runs it (COPY and INSERT alike): the cells commit with the events or not at all.
-- Events are never updated or deleted. The function holds the statement as written above, not
-- built at each call: PL/pgSQL keeps its plan, which a statement built and EXECUTEd each time
-- would make again (0.27 against 0.09 ms for the insert of one event: docs/performance.md).
DO $$
BEGIN
  EXECUTE format('CREATE FUNCTION telemetry_day_cells_after_insert() RETURNS trigger LANGUAGE plpgsql AS %L',
    'BEGIN ' || pg_temp.day_cells_add('new_events') || '; RETURN NULL; END');
END
$$;

-- Creating the trigger locks telemetry_events against inserts until this migration commits, so
-- the count below takes in every event stored before it, and the trigger every event after.
CREATE TRIGGER telemetry_day_cells_after_insert AFTER INSERT ON telemetry_events
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION telemetry_day_cells_after_insert();

DO $$
BEGIN
  EXECUTE pg_temp.day_cells_add('telemetry_events');
END
$$;

DROP FUNCTION pg_temp.day_cells_add(text);
