-- GitHub Copilot CLI's `github.copilot.cost` is the model's premium-request multiplier for the call
-- ("model multiplier cost for billing purposes" in Copilot's own SDK: 0 for an included model such
-- as gpt-4.1, 1 for a standard premium model, more for the large ones), not an amount of money
-- (docs/otel.md "Copilot's cost attribute"). It was stored as the call's reported USD cost; it now
-- has a column of its own, and what was stored moves there.
ALTER TABLE telemetry_events ADD COLUMN premium_requests numeric(24, 6);

-- Only Copilot's translator ever set a reported cost on a `copilot-cli` model call.
UPDATE telemetry_events SET premium_requests = reported_cost_usd, reported_cost_usd = NULL
WHERE agent = 'copilot-cli' AND type = 'model_call' AND reported_cost_usd IS NOT NULL;

-- Its cells lose the "reported cost" they summed, and their days (and the 29 after them, as every
-- change of a day's events does) are computed again, so no analytics row shows it as dollars.
WITH changed AS (
  UPDATE telemetry_day_cells SET reported_cost_micros = NULL, reported_costs = 0
  WHERE agent = 'copilot-cli' AND type = 'model_call' AND reported_costs > 0
  RETURNING organization_id, day
)
SELECT analytics_mark_days_pending(organization_id, array_agg(DISTINCT day), 29)
FROM changed GROUP BY organization_id;

-- The usage shares agents attribute to a skill, sub-agent, plugin or MCP server are events of
-- their own types, counted into the day cells like every event; GET
-- /api/v1/analytics/attributed-costs reads only those cells, a few per day among thousands.
CREATE INDEX telemetry_day_cells_usage ON telemetry_day_cells (organization_id, day)
  WHERE type IN ('skill_usage', 'subagent_usage', 'plugin_usage', 'mcp_server_usage');
