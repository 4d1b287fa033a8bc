-- Keys for a distributed PostgreSQL (docs/scaling.md "A distributed PostgreSQL"): every primary and
-- unique key of a table distributed by organization_id includes organization_id. This is the
-- expand step (docs/deployment.md "Migrations: expand, then contract"): everything the previous
-- release reads, writes or names in an ON CONFLICT stays valid; the keys it still needs are
-- dropped by the contract migration of the next release (listed in docs/scaling.md).

-- 1. Credentials are found by the hash of a secret before the organization is known. A reference
-- table maps each hash to its organization, so a lookup reads it first and then the tenant row by
-- (organization_id, hash); its primary key keeps every hash unique across organizations, as the
-- single-column unique keys dropped below did. A trigger keeps it, so the rows the previous
-- release writes during a rolling upgrade are mapped too.
CREATE TABLE credential_organizations (
  token_hash      text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations(id),
  -- The table the credential lives in (api_keys, computers, browser_sessions, invitations, scim_tokens).
  kind            text NOT NULL
);

CREATE FUNCTION credential_organizations_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hash_column text := TG_ARGV[0];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM credential_organizations WHERE token_hash = to_jsonb(OLD) ->> hash_column;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO credential_organizations (token_hash, organization_id, kind)
    VALUES (to_jsonb(NEW) ->> hash_column, NEW.organization_id, TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;

INSERT INTO credential_organizations (token_hash, organization_id, kind)
  SELECT key_hash, organization_id, 'api_keys' FROM api_keys
  UNION ALL SELECT token_hash, organization_id, 'computers' FROM computers
  UNION ALL SELECT token_hash, organization_id, 'browser_sessions' FROM browser_sessions
  UNION ALL SELECT token_hash, organization_id, 'invitations' FROM invitations
  UNION ALL SELECT token_hash, organization_id, 'scim_tokens' FROM scim_tokens;

CREATE TRIGGER api_keys_credential_organization AFTER INSERT OR DELETE OR UPDATE OF key_hash ON api_keys
  FOR EACH ROW EXECUTE FUNCTION credential_organizations_follow('key_hash');
CREATE TRIGGER computers_credential_organization AFTER INSERT OR DELETE OR UPDATE OF token_hash ON computers
  FOR EACH ROW EXECUTE FUNCTION credential_organizations_follow('token_hash');
CREATE TRIGGER browser_sessions_credential_organization AFTER INSERT OR DELETE OR UPDATE OF token_hash ON browser_sessions
  FOR EACH ROW EXECUTE FUNCTION credential_organizations_follow('token_hash');
CREATE TRIGGER invitations_credential_organization AFTER INSERT OR DELETE OR UPDATE OF token_hash ON invitations
  FOR EACH ROW EXECUTE FUNCTION credential_organizations_follow('token_hash');
CREATE TRIGGER scim_tokens_credential_organization AFTER INSERT OR DELETE OR UPDATE OF token_hash ON scim_tokens
  FOR EACH ROW EXECUTE FUNCTION credential_organizations_follow('token_hash');

-- The hashes' own unique keys become plain indexes: uniqueness is the reference table's, and the
-- previous release's lookups by hash alone stay indexed (no ON CONFLICT names these keys).
ALTER TABLE api_keys DROP CONSTRAINT api_keys_key_hash_key;
CREATE INDEX api_keys_key_hash ON api_keys (key_hash);
ALTER TABLE computers DROP CONSTRAINT computers_token_hash_key;
CREATE INDEX computers_token_hash ON computers (token_hash);
ALTER TABLE browser_sessions DROP CONSTRAINT browser_sessions_token_hash_key;
CREATE INDEX browser_sessions_token_hash ON browser_sessions (token_hash);
ALTER TABLE invitations DROP CONSTRAINT invitations_token_hash_key;
CREATE INDEX invitations_token_hash ON invitations (token_hash);
ALTER TABLE scim_tokens DROP CONSTRAINT scim_tokens_token_hash_key;
CREATE INDEX scim_tokens_token_hash ON scim_tokens (token_hash);

-- 2. Tables keyed by their own id that no foreign key and no ON CONFLICT names: the primary key
-- becomes (organization_id, id) now. Where the previous release still updates a row by its id
-- alone, a plain index on id keeps that fast until the next release drops it.
ALTER TABLE browser_sessions DROP CONSTRAINT browser_sessions_pkey, ADD PRIMARY KEY (organization_id, id);
CREATE INDEX browser_sessions_id ON browser_sessions (id);
ALTER TABLE invitations DROP CONSTRAINT invitations_pkey, ADD PRIMARY KEY (organization_id, id);
ALTER TABLE scim_tokens DROP CONSTRAINT scim_tokens_pkey, ADD PRIMARY KEY (organization_id, id);
CREATE INDEX scim_tokens_id ON scim_tokens (id);
ALTER TABLE messages DROP CONSTRAINT messages_pkey, ADD PRIMARY KEY (organization_id, id);
CREATE INDEX messages_id ON messages (id);
ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_pkey, ADD PRIMARY KEY (organization_id, id);
ALTER TABLE audit_log DROP CONSTRAINT audit_log_pkey, ADD PRIMARY KEY (organization_id, id);
ALTER TABLE readiness_reports DROP CONSTRAINT readiness_reports_pkey, ADD PRIMARY KEY (organization_id, report_id);

-- 3. Two tables without organization_id, reached through their parent (a computer's provisioning
-- steps, a git host's branch commits), get it: filled from the parent for the rows there are and,
-- by a trigger, for every row the previous release (which does not know the column) inserts.
-- Their keys then lead with it; no foreign key points at them, and the previous release's only
-- ON CONFLICT on them names no columns.
ALTER TABLE provisioning_steps ADD COLUMN organization_id text;
UPDATE provisioning_steps AS s SET organization_id = c.organization_id FROM computers AS c WHERE c.id = s.computer_id;
ALTER TABLE provisioning_steps ALTER COLUMN organization_id SET NOT NULL;
ALTER TABLE provisioning_steps DROP CONSTRAINT provisioning_steps_pkey, ADD PRIMARY KEY (organization_id, computer_id, id);

ALTER TABLE git_branch_commits ADD COLUMN organization_id text;
UPDATE git_branch_commits AS b SET organization_id = h.organization_id FROM git_hosts AS h WHERE h.id = b.git_host_id;
ALTER TABLE git_branch_commits ALTER COLUMN organization_id SET NOT NULL;
ALTER TABLE git_branch_commits DROP CONSTRAINT git_branch_commits_pkey, ADD PRIMARY KEY (organization_id, git_host_id, repository, branch, sha);

CREATE FUNCTION provisioning_steps_organization() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.organization_id IS NULL THEN
    NEW.organization_id := (SELECT organization_id FROM computers WHERE id = NEW.computer_id);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER provisioning_steps_organization BEFORE INSERT ON provisioning_steps
  FOR EACH ROW EXECUTE FUNCTION provisioning_steps_organization();

CREATE FUNCTION git_branch_commits_organization() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.organization_id IS NULL THEN
    NEW.organization_id := (SELECT organization_id FROM git_hosts WHERE id = NEW.git_host_id);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER git_branch_commits_organization BEFORE INSERT ON git_branch_commits
  FOR EACH ROW EXECUTE FUNCTION git_branch_commits_organization();

-- 4. Expand only: keys that a foreign key or the previous release's ON CONFLICT still names stay
-- until the next release; their (organization_id, ...) twin is added now, and this release's
-- ON CONFLICT clauses name the twin.
ALTER TABLE users ADD CONSTRAINT users_organization_id_id UNIQUE (organization_id, id);
ALTER TABLE api_keys ADD CONSTRAINT api_keys_organization_id_id UNIQUE (organization_id, id);
ALTER TABLE computers ADD CONSTRAINT computers_organization_id_id UNIQUE (organization_id, id);
ALTER TABLE sessions ADD CONSTRAINT sessions_organization_id_id UNIQUE (organization_id, id);
ALTER TABLE teams ADD CONSTRAINT teams_organization_id_id UNIQUE (organization_id, id);
ALTER TABLE budgets ADD CONSTRAINT budgets_organization_id_id UNIQUE (organization_id, id);
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_organization_id_id UNIQUE (organization_id, id);
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_organization_id_id UNIQUE (organization_id, id);
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_organization_id_id UNIQUE (organization_id, id);
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_organization_endpoint_event UNIQUE (organization_id, endpoint_id, event_id);
ALTER TABLE git_hosts ADD CONSTRAINT git_hosts_organization_id_id UNIQUE (organization_id, id);
ALTER TABLE git_deliveries ADD CONSTRAINT git_deliveries_organization_host_delivery UNIQUE (organization_id, git_host_id, delivery_id);
ALTER TABLE git_deliveries ADD CONSTRAINT git_deliveries_organization_id_id UNIQUE (organization_id, id);
ALTER TABLE git_commits ADD CONSTRAINT git_commits_organization_host_commit UNIQUE (organization_id, git_host_id, repository, sha);
ALTER TABLE git_pull_requests ADD CONSTRAINT git_pull_requests_organization_host_number UNIQUE (organization_id, git_host_id, repository, number);
ALTER TABLE mail_deliveries ADD CONSTRAINT mail_deliveries_organization_id_id UNIQUE (organization_id, id);
ALTER TABLE mail_deliveries ADD CONSTRAINT mail_deliveries_organization_event_user UNIQUE (organization_id, event_id, user_id);
ALTER TABLE budget_crossings ADD CONSTRAINT budget_crossings_organization_budget_month UNIQUE (organization_id, budget_id, month, threshold);
ALTER TABLE computer_metrics ADD CONSTRAINT computer_metrics_organization_computer_time UNIQUE (organization_id, computer_id, recorded_at);

-- 5. The plain (organization_id, id) indexes the keys above now duplicate.
DROP INDEX users_organization_id, api_keys_organization_id, computers_organization_id, sessions_organization_id,
  teams_organization, webhook_endpoints_organization, scim_tokens_organization, audit_log_organization, git_hosts_organization;
