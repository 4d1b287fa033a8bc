-- A member's used credits reaching a warning share of their effective limit (75 %, 90 %) in a UTC
-- month: once per member, month and share, with its member.limit_warning event (docs/budgets.md).
CREATE TABLE member_limit_warnings (
  organization_id  text NOT NULL REFERENCES organizations (id),
  user_id          text NOT NULL REFERENCES users (id),
  month            date NOT NULL,
  threshold        integer NOT NULL,
  warned_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, user_id, month, threshold)
);
