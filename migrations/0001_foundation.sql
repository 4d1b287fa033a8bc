-- Tenancy and identity: organizations, their users, API keys, and server-wide secrets.

CREATE TABLE organizations (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id               text PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  email            text NOT NULL,
  name             text,
  role             text NOT NULL CHECK (role IN ('owner', 'manager', 'member', 'guest')),
  active           boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now()
);
-- E-mail addresses are compared case-insensitively everywhere.
CREATE UNIQUE INDEX users_organization_email ON users (organization_id, lower(email));
CREATE INDEX users_organization_id ON users (organization_id, id);

CREATE TABLE api_keys (
  id               text PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  user_id          text NOT NULL REFERENCES users (id),
  name             text NOT NULL,
  prefix           text NOT NULL,
  key_hash         text NOT NULL UNIQUE,
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz,
  last_used_at     timestamptz,
  revoked_at       timestamptz
);
CREATE INDEX api_keys_organization_id ON api_keys (organization_id, id);

-- Secrets every replica must share (the JWT signing key when none is configured).
CREATE TABLE server_secrets (
  name        text PRIMARY KEY,
  value       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
