-- Claude Code 2.1.332's newer fields (docs/otel.md "New fields"): a model call's time to first
-- token (`ttft_ms` of its api_request events) and where a tool came from (`tool_source` of its
-- tool_result and tool_decision events: built-in, MCP, plugin...). Null: not sent.
ALTER TABLE telemetry_events ADD COLUMN ttft_ms integer;
ALTER TABLE telemetry_events ADD COLUMN tool_source text;

-- What the rollup computes of them per day, as the answers' JSON text (docs/analytics.md): the
-- time to first token's median and 90th percentile per model (GET /api/v1/analytics/model-latency),
-- and tool calls per tool source (GET /api/v1/analytics/tools?group_by=tool_source). Null: a day
-- aggregated before this migration, read as a day without such rows (no earlier event has either
-- field, so no day needs computing again).
ALTER TABLE analytics_daily ADD COLUMN model_latency json;
ALTER TABLE analytics_daily ADD COLUMN tools_by_tool_source json;

-- Cache writes in two tiers (Claude Code 2.1.332's cache_creation_5m_tokens and _1h_tokens), which
-- Anthropic prices apart: a 1-hour write at twice the input price, a 5-minute one at 1.25 times
-- (docs/prices.md "Cache-write tiers"). cache_write_tokens stays every cache write of the call;
-- cache_write_1h_tokens is the part of them written for an hour (null: not said, all priced as
-- 5-minute writes). The day cells sum it, so that every cost computed from them prices each tier.
ALTER TABLE telemetry_events ADD COLUMN cache_write_1h_tokens bigint;
ALTER TABLE telemetry_day_cells ADD COLUMN cache_write_1h_tokens numeric;

-- Copilot CLI's premium requests (migrations/0059) summed in the cells too, for GET
-- /api/v1/analytics/premium-requests, which reads only the cells that have some, through this
-- partial index (a few per day among thousands), like the attributed costs.
ALTER TABLE telemetry_day_cells ADD COLUMN premium_requests numeric;
-- How many of the cell's events reported them (a cell may hold calls that did not: an import).
ALTER TABLE telemetry_day_cells ADD COLUMN premium_request_calls bigint;
CREATE INDEX telemetry_day_cells_premium ON telemetry_day_cells (organization_id, day) WHERE premium_requests IS NOT NULL;

-- The premium requests stored before: added to their cells (the cell key as migrations/0035 makes it).
UPDATE telemetry_day_cells AS cells SET premium_requests = stored.premium_requests, premium_request_calls = stored.calls
FROM (
  SELECT organization_id, day,
    sha256(convert_to(ROW(user_id, type, client, agent, repository, model_id, model_tier, mcp_server IS NOT NULL, autonomy_mode,
      name, hook_event, hook_matcher, hook_command, extension, language, decision)::text, 'UTF8')) AS cell,
    sum(premium_requests) AS premium_requests, count(*) AS calls
  FROM telemetry_events WHERE premium_requests IS NOT NULL
  GROUP BY 1, 2, 3
) AS stored
WHERE cells.organization_id = stored.organization_id AND cells.day = stored.day AND cells.cell = stored.cell;

-- The statement of migrations/0035 with the new sums: the trigger of every statement that stores events.
CREATE OR REPLACE FUNCTION telemetry_day_cells_after_insert() RETURNS trigger LANGUAGE plpgsql AS $function$
BEGIN
  INSERT INTO telemetry_day_cells AS cells
  SELECT organization_id, day,
    sha256(convert_to(ROW(user_id, type, client, agent, repository, model_id, model_tier, mcp_server IS NOT NULL, autonomy_mode,
      name, hook_event, hook_matcher, hook_command, extension, language, decision)::text, 'UTF8')),
    user_id, type, client, agent, repository, model_id, model_tier, mcp_server IS NOT NULL, autonomy_mode,
    name, hook_event, hook_matcher, hook_command, extension, language, decision,
    count(*), sum(credits), sum(input_tokens), sum(output_tokens), sum(cache_read_tokens), sum(cache_write_tokens),
    sum(round(reported_cost_usd * 1000000)), count(reported_cost_usd), sum(lines_added), sum(lines_removed),
    sum(cache_write_1h_tokens), sum(premium_requests), nullif(count(premium_requests), 0)
  FROM new_events
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
    lines_removed = coalesce(cells.lines_removed + excluded.lines_removed, cells.lines_removed, excluded.lines_removed),
    cache_write_1h_tokens = coalesce(cells.cache_write_1h_tokens + excluded.cache_write_1h_tokens, cells.cache_write_1h_tokens, excluded.cache_write_1h_tokens),
    premium_requests = coalesce(cells.premium_requests + excluded.premium_requests, cells.premium_requests, excluded.premium_requests),
    premium_request_calls = coalesce(cells.premium_request_calls + excluded.premium_request_calls, cells.premium_request_calls, excluded.premium_request_calls);
  RETURN NULL;
END
$function$;
