-- Restart and refresh of a computer, and the machine metrics its agent reports
-- (decisions.md "What real clients send", docs/computers-and-sessions.md, docs/agent.md).

-- Commands waiting for the computer's agent: handed over (and cleared) by its next heartbeat.
ALTER TABLE computers ADD COLUMN restart_requested boolean NOT NULL DEFAULT false;
ALTER TABLE computers ADD COLUMN refresh_requested boolean NOT NULL DEFAULT false;

-- One sample per heartbeat that carried metrics; samples older than the history window are
-- deleted as new ones arrive. Sizes in bytes (double precision: no 64-bit integer parsing).
CREATE TABLE computer_metrics (
  computer_id text NOT NULL REFERENCES computers (id) ON DELETE CASCADE,
  organization_id text NOT NULL,
  recorded_at timestamptz NOT NULL,
  cpu_used_pct double precision NOT NULL,
  cpu_count integer NOT NULL,
  mem_used double precision NOT NULL,
  mem_total double precision NOT NULL,
  disk_used double precision NOT NULL,
  disk_total double precision NOT NULL,
  PRIMARY KEY (computer_id, recorded_at)
);

-- GET /api/v0/computers/name/{name}.
CREATE INDEX computers_name ON computers (organization_id, name, created_at);
