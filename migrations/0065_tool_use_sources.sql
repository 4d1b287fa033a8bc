-- Where a tool call came from when its agent says so on another record than the call's: Claude
-- Code 2.1.332 sends `tool_source` on its tool_decision event and not on its tool_result event, from
-- which the call is counted; both carry `tool_use_id` (docs/otel.md "New fields"). A decision and
-- its result in one export are joined as the export is read; this table joins those that arrive in
-- different exports, in either order. One row per tool use of a session: the source its decision
-- named, and the call stored without one (its event id and day), whichever came first. The row's
-- lock orders two exports that carry the two halves: the second sees the first's half.
CREATE TABLE tool_use_sources (
  organization_id text NOT NULL,
  session_id text NOT NULL,
  tool_use_id text NOT NULL,
  -- The day of the first half seen: rows of days telemetry retention dropped are deleted with them.
  day date NOT NULL,
  tool_source text,
  call_event_id text,
  call_day date,
  PRIMARY KEY (organization_id, session_id, tool_use_id)
);
CREATE INDEX tool_use_sources_day ON tool_use_sources (day);
