-- Standard Credits used per user and UTC calendar month, counted as telemetry arrives
-- (decisions.md §9), so credit limits are enforced without waiting for the daily batch.
CREATE TABLE monthly_credit_usage (
  organization_id  text NOT NULL REFERENCES organizations (id),
  user_id          text NOT NULL REFERENCES users (id),
  month            date NOT NULL,
  credits          double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_id, user_id, month)
);
