-- The weekly digest (docs/webhooks.md, "The weekly digest"): one row per organization and week,
-- inserted in the transaction that writes the week's `digest` event, so that a week has one
-- digest however many replicas compute it.
CREATE TABLE weekly_digests (
  organization_id  text NOT NULL REFERENCES organizations (id),
  week_start       date NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, week_start)
);
