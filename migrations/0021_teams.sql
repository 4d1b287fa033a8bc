-- Teams of members (docs/teams.md). A member may be in several teams. `source` and `external_id`
-- say where a team comes from: 'manual' for teams made through the API, console or CLI; a later
-- identity-provider sync writes its own source and the provider's group id, so it can find and
-- update its teams without touching the manual ones.
CREATE TABLE teams (
  id               text COLLATE "C" PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  name             text NOT NULL,
  source           text NOT NULL DEFAULT 'manual',
  external_id      text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
-- Names are unique per organization, compared case-insensitively (like e-mails).
CREATE UNIQUE INDEX teams_name ON teams (organization_id, lower(name));
CREATE UNIQUE INDEX teams_external_id ON teams (organization_id, source, external_id) WHERE external_id IS NOT NULL;
CREATE INDEX teams_organization ON teams (organization_id, id);

-- user_id in byte order, like analytics_user_daily's (migration 0012), which team reads join on.
CREATE TABLE team_members (
  organization_id  text NOT NULL REFERENCES organizations (id),
  team_id          text COLLATE "C" NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  user_id          text COLLATE "C" NOT NULL REFERENCES users (id),
  added_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, team_id, user_id)
);
CREATE INDEX team_members_user ON team_members (organization_id, user_id, team_id);

-- Team figures are sums of the members' day rows (docs/analytics.md "The team dimension"): the
-- figures summed are kept beside each row as numbers, so a team read adds columns instead of
-- parsing JSON. Credits in whole micro-credits (exact sums).
ALTER TABLE analytics_user_daily
  ADD COLUMN credits_micros bigint NOT NULL DEFAULT 0,
  ADD COLUMN input_tokens bigint NOT NULL DEFAULT 0,
  ADD COLUMN output_tokens bigint NOT NULL DEFAULT 0,
  ADD COLUMN cache_read_tokens bigint NOT NULL DEFAULT 0,
  ADD COLUMN cache_write_tokens bigint NOT NULL DEFAULT 0,
  ADD COLUMN sessions integer NOT NULL DEFAULT 0,
  ADD COLUMN messages integer NOT NULL DEFAULT 0,
  ADD COLUMN user_messages integer NOT NULL DEFAULT 0;

-- Days aggregated before have no figures yet: marked pending, so the rollup computes them again
-- (their documents come out the same).
INSERT INTO analytics_pending_days (organization_id, day)
  SELECT organization_id, day FROM analytics_daily
  ON CONFLICT (organization_id, day) DO UPDATE SET version = nextval('analytics_pending_version');
