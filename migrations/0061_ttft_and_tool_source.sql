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
