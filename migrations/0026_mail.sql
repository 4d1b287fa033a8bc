-- E-mail notifications (docs/email.md).

-- Each person's opt-out, set by themselves (PATCH /api/v0/organization/users/me/preferences).
ALTER TABLE users ADD COLUMN email_notifications boolean NOT NULL DEFAULT true;

-- The mail job fans the outbox out on its own, beside the webhook job: mailed_at is null until
-- the event's mails (maybe none) are queued. Events already in the outbox are not news any more.
ALTER TABLE webhook_events ADD COLUMN mailed_at timestamptz;
UPDATE webhook_events SET mailed_at = now();
CREATE INDEX webhook_events_mail_pending ON webhook_events (id) WHERE mailed_at IS NULL;

-- One mail per event and recipient: the unique pair keeps a mail from being queued twice, whatever
-- the number of replicas fanning out. A replica that takes a due mail counts the attempt and holds
-- a lease until lease_until, so no other replica sends it meanwhile. The address is the one the
-- recipient had when the event was fanned out. Mails go with their event (history retention).
CREATE TABLE mail_deliveries (
  id               text COLLATE "C" PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  event_id         text COLLATE "C" NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  user_id          text NOT NULL REFERENCES users (id),
  address          text NOT NULL,
  status           text NOT NULL DEFAULT 'pending',
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL,
  lease_until      timestamptz,
  last_error       text,
  created_at       timestamptz NOT NULL,
  sent_at          timestamptz,
  UNIQUE (event_id, user_id)
);
CREATE INDEX mail_deliveries_due ON mail_deliveries (next_attempt_at) WHERE status = 'pending';
