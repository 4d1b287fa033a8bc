-- Outbound webhooks (docs/webhooks.md).

-- The outbox: every event is inserted in the transaction of the change that caused it, so a
-- crash can neither lose one (the change committed, the event too) nor invent one (the change
-- rolled back, the event too). The delivery job fans each event out to the endpoints that want it
-- and marks it done; `fanned_out_at` is null until then. Payloads hold ids and figures only.
CREATE TABLE webhook_events (
  id               text COLLATE "C" PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  type             text NOT NULL,
  payload          jsonb NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  fanned_out_at    timestamptz
);
CREATE INDEX webhook_events_pending ON webhook_events (id) WHERE fanned_out_at IS NULL;
CREATE INDEX webhook_events_fanned_out ON webhook_events (fanned_out_at) WHERE fanned_out_at IS NOT NULL;

-- A member's first refusal by their credit limit in a UTC month: the primary key lets exactly
-- one refusal per member and month insert its row (and its member.limit_refused event), whatever
-- the number of concurrent requests and replicas.
CREATE TABLE member_limit_refusals (
  organization_id  text NOT NULL REFERENCES organizations (id),
  user_id          text NOT NULL REFERENCES users (id),
  month            date NOT NULL,
  refused_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, user_id, month)
);

-- Endpoints of an organization. The signing secret is sealed (AES-256-GCM, SECRET_KEY) because it
-- must be read back to sign. event_types null: every event type.
CREATE TABLE webhook_endpoints (
  id               text COLLATE "C" PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  url              text NOT NULL,
  description      text NOT NULL DEFAULT '',
  event_types      jsonb,
  format           text NOT NULL DEFAULT 'standard',
  secret_sealed    text NOT NULL,
  enabled          boolean NOT NULL DEFAULT true,
  disabled_at      timestamptz,
  disabled_reason  text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_organization ON webhook_endpoints (organization_id, id);

-- One delivery per event and endpoint (its id is the webhook-id header: receivers dedupe on it).
-- A pending delivery is due at next_attempt_at; a replica that takes it counts the attempt and
-- holds a lease until lease_until, so no other replica makes the same attempt. Retries stop once
-- the next would come later than the retry window after retry_window_start (its creation, or
-- its last manual replay).
CREATE TABLE webhook_deliveries (
  id               text COLLATE "C" PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  endpoint_id      text COLLATE "C" NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id         text COLLATE "C" NOT NULL REFERENCES webhook_events (id),
  status           text NOT NULL DEFAULT 'pending',
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL,
  lease_until      timestamptz,
  retry_window_start timestamptz NOT NULL,
  created_at       timestamptz NOT NULL,
  delivered_at     timestamptz,
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
-- For the history retention (jobs/webhook-retention.ts): settled deliveries by age, and whether
-- an event still has deliveries.
CREATE INDEX webhook_deliveries_settled ON webhook_deliveries (retry_window_start) WHERE status <> 'pending';
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

-- The delivery log: one row per attempt, newest first per endpoint.
CREATE TABLE webhook_attempts (
  id                text COLLATE "C" PRIMARY KEY,
  organization_id   text NOT NULL REFERENCES organizations (id),
  endpoint_id       text COLLATE "C" NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  delivery_id       text COLLATE "C" NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt           integer NOT NULL,
  attempted_at      timestamptz NOT NULL,
  status_code       integer,
  latency_ms        integer NOT NULL,
  response_excerpt  text NOT NULL DEFAULT '',
  error             text,
  succeeded         boolean NOT NULL
);
CREATE INDEX webhook_attempts_endpoint ON webhook_attempts (endpoint_id, id);
