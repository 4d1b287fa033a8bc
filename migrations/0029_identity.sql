-- Enterprise identity (docs/sso.md, docs/scim.md, docs/audit-log.md): members' lifecycle,
-- single sign-on per organization, SCIM tokens, and the audit log.

-- A member is `invited` until their first sign-in (an invitation accepted or an SSO sign-in),
-- `active` after, `deactivated` once `active` is false. People already here have joined.
ALTER TABLE users ADD COLUMN joined_at timestamptz;
UPDATE users SET joined_at = created_at;
ALTER TABLE users ADD COLUMN deactivated_at timestamptz;
-- The identity provider's id for the person (SCIM externalId), unique per organization.
ALTER TABLE users ADD COLUMN external_id text;
CREATE UNIQUE INDEX users_external_id ON users (organization_id, external_id) WHERE external_id IS NOT NULL;

-- Keys a deactivation revoked come back with a reactivation; keys revoked by hand do not.
ALTER TABLE api_keys ADD COLUMN revoked_by_deactivation boolean NOT NULL DEFAULT false;

-- One identity provider per organization. The client secret is sealed with the server's
-- secret box (domain/secret-box.ts); maps are {claim value: role} and {claim value: team id}.
CREATE TABLE organization_sso (
  organization_id     text PRIMARY KEY REFERENCES organizations (id),
  issuer              text NOT NULL,
  client_id           text NOT NULL,
  client_secret       text NOT NULL,
  allowed_domains     jsonb NOT NULL DEFAULT '[]',
  jit_enabled         boolean NOT NULL DEFAULT false,
  jit_role            text NOT NULL DEFAULT 'member' CHECK (jit_role IN ('manager', 'member', 'guest')),
  groups_claim        text NOT NULL DEFAULT 'groups',
  group_roles         jsonb NOT NULL DEFAULT '{}',
  group_teams         jsonb NOT NULL DEFAULT '{}',
  sso_required        boolean NOT NULL DEFAULT false,
  break_glass_user_id text REFERENCES users (id),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
-- Sign-in looks organizations up by the e-mail's domain.
CREATE INDEX organization_sso_domains ON organization_sso USING gin (allowed_domains);

-- A sign-in under way at the identity provider: only the SHA-256 of `state` is kept, with the
-- PKCE verifier and nonce the callback checks. Single use, short-lived.
CREATE TABLE sso_sign_ins (
  state_hash       text PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  code_verifier    text NOT NULL,
  nonce            text NOT NULL,
  return_to        text NOT NULL DEFAULT '/',
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL
);
CREATE INDEX sso_sign_ins_expires_at ON sso_sign_ins (expires_at);

-- The ID token of an SSO session, for RP-initiated logout (id_token_hint).
ALTER TABLE browser_sessions ADD COLUMN id_token text;

-- SCIM bearer tokens, stored as a hash like API keys.
CREATE TABLE scim_tokens (
  id               text PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  name             text NOT NULL,
  prefix           text NOT NULL,
  token_hash       text NOT NULL UNIQUE,
  created_at       timestamptz NOT NULL DEFAULT now(),
  last_used_at     timestamptz,
  revoked_at       timestamptz
);
CREATE INDEX scim_tokens_organization ON scim_tokens (organization_id, id);

-- Who did what, when, from where: appended in the transaction of the change it records.
CREATE TABLE audit_log (
  id               text COLLATE "C" PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  occurred_at      timestamptz NOT NULL DEFAULT now(),
  -- 'user' (a member, through the console or a key), 'scim', 'sso', 'admin' (the platform
  -- operator), 'system' (the server itself).
  actor_type       text NOT NULL,
  actor_user_id    text,
  actor_label      text NOT NULL,
  action           text NOT NULL,
  target_type      text,
  target_id        text,
  target_label     text,
  details          jsonb NOT NULL DEFAULT '{}',
  ip               text,
  user_agent       text,
  request_id       text
);
CREATE INDEX audit_log_organization ON audit_log (organization_id, id);
CREATE INDEX audit_log_action ON audit_log (organization_id, action, id);
CREATE INDEX audit_log_actor ON audit_log (organization_id, actor_user_id, id);
CREATE INDEX audit_log_target ON audit_log (organization_id, target_id, id);
