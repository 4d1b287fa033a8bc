-- SCIM 2.0 provisioning (docs/scim.md): what the identity provider says about a member beyond
-- the users row. The name parts round-trip (providers compare what they sent with what they read
-- back); `deleted_at` marks a member the provider deleted: deactivated, kept for the history,
-- and 404 to SCIM from then on (RFC 7644 §3.6). `granted_role` is the role group mapping last
-- gave, so leaving every mapped group takes back only what the mapping granted.
CREATE TABLE scim_users (
  organization_id  text NOT NULL REFERENCES organizations (id),
  user_id          text NOT NULL REFERENCES users (id),
  given_name       text,
  family_name      text,
  display_name     text,
  granted_role     text,
  deleted_at       timestamptz,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, user_id)
);
