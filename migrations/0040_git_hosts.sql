-- Outcomes (docs/outcomes.md): the git hosts an organization connects, the deliveries their
-- webhooks sent, and what those carried: pull requests and commits. Code and commit messages are
-- never stored: a commit keeps its identities, times, the agents its trailers name and the SHA it
-- reverts.

-- A connected host. The webhook secret is sealed (AES-256-GCM, SECRET_KEY): the receiver reads it
-- back to verify GitHub's HMAC and to compare GitLab's token.
CREATE TABLE git_hosts (
  id               text COLLATE "C" PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  provider         text NOT NULL,
  name             text NOT NULL DEFAULT '',
  secret_sealed    text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX git_hosts_organization ON git_hosts (organization_id, id);

-- Each delivery once per host, by the host's delivery id: a redelivery finds its row and changes
-- nothing. `outcome` says what the delivery did (stored, or ignored: an event Quarterdeck does not
-- read). `id` is Quarterdeck's own, in order of arrival: the newest-first list pages by it.
CREATE TABLE git_deliveries (
  id               text COLLATE "C" NOT NULL UNIQUE,
  git_host_id      text COLLATE "C" NOT NULL REFERENCES git_hosts (id) ON DELETE CASCADE,
  delivery_id      text COLLATE "C" NOT NULL,
  organization_id  text NOT NULL REFERENCES organizations (id),
  event            text NOT NULL,
  outcome          text NOT NULL,
  received_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (git_host_id, delivery_id)
);
CREATE INDEX git_deliveries_newest ON git_deliveries (git_host_id, id);

-- A pull (merge) request, merged from every delivery that carried it, whatever their order: each
-- time is kept as the earliest or latest seen, never overwritten by an older delivery.
CREATE TABLE git_pull_requests (
  git_host_id       text COLLATE "C" NOT NULL REFERENCES git_hosts (id) ON DELETE CASCADE,
  repository        text COLLATE "C" NOT NULL,
  number            integer NOT NULL,
  organization_id   text NOT NULL REFERENCES organizations (id),
  url               text,
  author_login      text,
  head_branch       text,
  opened_at         timestamptz,
  first_review_at   timestamptz,
  merged_at         timestamptz,
  closed_at         timestamptz,
  reopened_at       timestamptz,
  merge_commit_sha  text,
  additions         integer,
  deletions         integer,
  reverts_number    integer,
  PRIMARY KEY (git_host_id, repository, number)
);
CREATE INDEX git_pull_requests_merged ON git_pull_requests (organization_id, merged_at);
CREATE INDEX git_pull_requests_closed ON git_pull_requests (organization_id, closed_at);

-- A commit as pushed: identities and times, the agents found in its author and co-author trailers
-- (`agents`: [{agent, via}]), the SHA it reverts. Never its message or its code.
CREATE TABLE git_commits (
  git_host_id      text COLLATE "C" NOT NULL REFERENCES git_hosts (id) ON DELETE CASCADE,
  repository       text COLLATE "C" NOT NULL,
  sha              text COLLATE "C" NOT NULL,
  organization_id  text NOT NULL REFERENCES organizations (id),
  author_name      text NOT NULL DEFAULT '',
  author_email     text NOT NULL DEFAULT '',
  authored_at      timestamptz NOT NULL,
  attribution      text NOT NULL,
  agents           jsonb NOT NULL DEFAULT '[]',
  reverts_sha      text,
  PRIMARY KEY (git_host_id, repository, sha)
);
CREATE INDEX git_commits_reverts ON git_commits (git_host_id, repository, reverts_sha) WHERE reverts_sha IS NOT NULL;

-- Which branch each commit was pushed to: a pull request's commits are its head branch's.
CREATE TABLE git_branch_commits (
  git_host_id  text COLLATE "C" NOT NULL REFERENCES git_hosts (id) ON DELETE CASCADE,
  repository   text COLLATE "C" NOT NULL,
  branch       text COLLATE "C" NOT NULL,
  sha          text COLLATE "C" NOT NULL,
  PRIMARY KEY (git_host_id, repository, branch, sha)
);
