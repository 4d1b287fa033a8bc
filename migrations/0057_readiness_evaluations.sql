-- Readiness evaluated on the organization's computers (docs/readiness.md, "Every repository,
-- every night"). readiness_repositories is the organization's own list of what to evaluate, each
-- with the URL its computers clone; while the list is empty, the repositories its telemetry and
-- git hosts name are evaluated instead. readiness_evaluations is each queued evaluation: a nightly
-- one at most once per repository and night whatever the number of replicas (the unique index),
-- one per push to the default branch, one per request; a computer claims it with a lease, and its
-- state, attempts and failure stay visible.
CREATE TABLE readiness_repositories (
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id              text NOT NULL,
  repo_id         text NOT NULL,
  clone_url       text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id),
  UNIQUE (organization_id, repo_id)
);

CREATE TABLE readiness_evaluations (
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id              text NOT NULL,
  repo_id         text NOT NULL,
  clone_url       text NOT NULL,
  -- nightly | push | request
  trigger         text NOT NULL,
  -- The UTC night (YYYY-MM-DD) of a nightly evaluation; NULL for the others.
  night           text,
  -- queued | running | succeeded | failed
  status          text NOT NULL DEFAULT 'queued',
  attempts        integer NOT NULL DEFAULT 0,
  -- A queued evaluation is not claimed before this (retries wait).
  not_before      timestamptz NOT NULL DEFAULT now(),
  computer_id     text,
  lease_until     timestamptz,
  queued_at       timestamptz NOT NULL DEFAULT now(),
  started_at      timestamptz,
  finished_at     timestamptz,
  error           text,
  report_id       uuid,
  PRIMARY KEY (organization_id, id)
);
CREATE UNIQUE INDEX readiness_evaluations_nightly ON readiness_evaluations (organization_id, repo_id, night) WHERE night IS NOT NULL;
CREATE INDEX readiness_evaluations_due ON readiness_evaluations (organization_id, status, not_before);
CREATE INDEX readiness_evaluations_by_repo ON readiness_evaluations (organization_id, repo_id, id DESC);
