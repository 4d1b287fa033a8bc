-- Computers (with their provisioning steps), sessions and messages (decisions.md §7, §8).

CREATE TABLE computers (
  id               text PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  owner_user_id    text NOT NULL REFERENCES users (id),
  name             text NOT NULL,
  provider_type    text NOT NULL CHECK (provider_type IN ('byom', 'hosted')),
  hostname         text,
  host_id          text,
  remote_user      text,
  -- The computer token is shown once; only its hash is kept.
  token_hash       text NOT NULL UNIQUE,
  created_at       timestamptz NOT NULL DEFAULT now(),
  last_seen_at     timestamptz
);
CREATE INDEX computers_organization_id ON computers (organization_id, id);

CREATE TABLE provisioning_steps (
  computer_id   text NOT NULL REFERENCES computers (id) ON DELETE CASCADE,
  id            text NOT NULL,
  position      integer NOT NULL,
  name          text NOT NULL,
  status        text NOT NULL CHECK (status IN ('pending', 'running', 'completed', 'failed')),
  error         text,
  started_at    timestamptz,
  completed_at  timestamptz,
  PRIMARY KEY (computer_id, id)
);

CREATE TABLE sessions (
  id                 text PRIMARY KEY,
  organization_id    text NOT NULL REFERENCES organizations (id),
  owner_user_id      text NOT NULL REFERENCES users (id),
  title              text,
  computer_id        text REFERENCES computers (id),
  -- The computer whose agent claimed the current run (set while running).
  running_computer_id text REFERENCES computers (id),
  status             text NOT NULL DEFAULT 'idle' CHECK (status IN ('idle', 'pending', 'running')),
  settings           jsonb NOT NULL DEFAULT '{}',
  message_count      integer NOT NULL DEFAULT 0,
  input_tokens           bigint NOT NULL DEFAULT 0,
  output_tokens          bigint NOT NULL DEFAULT 0,
  cache_creation_tokens  bigint NOT NULL DEFAULT 0,
  cache_read_tokens      bigint NOT NULL DEFAULT 0,
  thinking_tokens        bigint NOT NULL DEFAULT 0,
  service_credits        double precision NOT NULL DEFAULT 0,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  completed_at       timestamptz
);
CREATE INDEX sessions_organization_id ON sessions (organization_id, id);
CREATE INDEX sessions_retention ON sessions (organization_id, updated_at);

CREATE TABLE messages (
  id               text PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  session_id       text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  role             text NOT NULL CHECK (role IN ('user', 'assistant', 'tool', 'system')),
  content          jsonb NOT NULL,
  parent_id        text,
  user_message_source text,
  -- User messages wait in a queue for the agent of `computer_id`: queued, then claimed.
  computer_id      text REFERENCES computers (id),
  delivery         text CHECK (delivery IN ('queued', 'claimed')),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_session_id ON messages (session_id, id);
CREATE INDEX messages_queue ON messages (computer_id, id) WHERE delivery = 'queued';
