-- Run leases, interrupts and deletions of the session loop (decisions.md §12, docs/computers-and-sessions.md).

-- A run is one claimed user message. It holds its session for a lease that the agent's
-- heartbeats and posts extend; a lapsed lease returns the message to the queue.
ALTER TABLE sessions ADD COLUMN run_id text;
ALTER TABLE sessions ADD COLUMN run_message_id text;
ALTER TABLE sessions ADD COLUMN lease_expires_at timestamptz;
CREATE INDEX sessions_running_leases ON sessions (lease_expires_at) WHERE status = 'running';

-- How many times a user message was claimed; and 'dropped' for messages taken off the queue
-- (an interrupt, an agent lost too often, a deleted computer).
ALTER TABLE messages ADD COLUMN delivery_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE messages DROP CONSTRAINT messages_delivery_check;
ALTER TABLE messages ADD CONSTRAINT messages_delivery_check CHECK (delivery IN ('queued', 'claimed', 'dropped'));

-- A deleted computer leaves its sessions (and their history) without a computer.
ALTER TABLE sessions DROP CONSTRAINT sessions_computer_id_fkey;
ALTER TABLE sessions ADD CONSTRAINT sessions_computer_id_fkey FOREIGN KEY (computer_id) REFERENCES computers (id) ON DELETE SET NULL;
ALTER TABLE sessions DROP CONSTRAINT sessions_running_computer_id_fkey;
ALTER TABLE sessions ADD CONSTRAINT sessions_running_computer_id_fkey FOREIGN KEY (running_computer_id) REFERENCES computers (id) ON DELETE SET NULL;
ALTER TABLE messages DROP CONSTRAINT messages_computer_id_fkey;
ALTER TABLE messages ADD CONSTRAINT messages_computer_id_fkey FOREIGN KEY (computer_id) REFERENCES computers (id) ON DELETE SET NULL;

-- What the agent provisions: repositories to clone, and whether install-deps runs after connect.
ALTER TABLE computers ADD COLUMN repos jsonb NOT NULL DEFAULT '[]';
ALTER TABLE computers ADD COLUMN auto_install_deps boolean NOT NULL DEFAULT true;
