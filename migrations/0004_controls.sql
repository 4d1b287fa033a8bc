-- Enterprise controls, credit limits and readiness reports (decisions.md §5, §6, §9).

-- Every change of an organization's settings, as the whole settings object after the change.
-- Secrets inside (customModels[].apiKey) are stored encrypted (src/domain/secret-box.ts).
CREATE TABLE enterprise_control_revisions (
  organization_id  text NOT NULL REFERENCES organizations (id),
  revision         integer NOT NULL CHECK (revision >= 1),
  settings         jsonb NOT NULL,
  user_id          text NOT NULL REFERENCES users (id),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, revision)
);

-- Standard Credits per UTC calendar month: a per-user override, and one organization-wide limit.
CREATE TABLE user_credit_limits (
  organization_id  text NOT NULL REFERENCES organizations (id),
  user_id          text NOT NULL REFERENCES users (id),
  credit_limit     bigint NOT NULL CHECK (credit_limit >= 0),
  PRIMARY KEY (organization_id, user_id)
);

CREATE TABLE organization_credit_limits (
  organization_id  text PRIMARY KEY REFERENCES organizations (id),
  credit_limit     bigint NOT NULL CHECK (credit_limit >= 0)
);

-- Readiness reports as uploaded; created_at_ms is the API's createdAt, so the list order
-- (createdAt, reportId descending) is exactly what callers see.
CREATE TABLE readiness_reports (
  report_id        uuid PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  repo_id          text NOT NULL,
  created_at_ms    bigint NOT NULL,
  body             jsonb NOT NULL
);
CREATE INDEX readiness_reports_order ON readiness_reports (organization_id, created_at_ms DESC, report_id DESC);
CREATE INDEX readiness_reports_repo_order ON readiness_reports (organization_id, repo_id, created_at_ms DESC, report_id DESC);
