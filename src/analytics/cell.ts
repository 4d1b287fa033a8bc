// The unit the day's rows are built from (assemble.ts), as telemetry_day_cells keeps it
// (migrations/0035): costs (cost.ts) and the rows both read it.

/** The events of one day sharing all dimension values, with their count and token sums. */
export interface Cell {
  user_id: string;
  type: string;
  /** null: the exporter did not say (docs/analytics.md "Fields an agent may leave out"). */
  client: string | null;
  /** The agent product; null for Quarterdeck's own clients. */
  agent: string | null;
  /** The repository's id (host/owner/name); null: the event names none. */
  repository: string | null;
  model_id: string | null;
  model_tier: string | null;
  /** A tool call to an MCP server. */
  mcp: boolean;
  autonomy_mode: string | null;
  name: string | null;
  hook_event: string | null;
  hook_matcher: string | null;
  hook_command: string | null;
  extension: string | null;
  language: string | null;
  /** accept | reject, on tool_decision. */
  decision: string | null;
  events: number;
  credits: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
  cache_read_tokens: number | null;
  cache_write_tokens: number | null;
  /** Of cache_write_tokens, those written to the 1-hour cache (migrations/0061). */
  cache_write_1h_tokens: number | null;
  /** Model calls: the reported costs in whole micro-dollars, and how many calls reported one. */
  reported_cost_micros: number | null;
  reported_costs: number | null;
  /** lines_changed: their sums. */
  lines_added: number | null;
  lines_removed: number | null;
}
