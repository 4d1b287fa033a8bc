-- People sign in to the console: passwords, one-time invitations, browser sessions and the
-- counters that limit sign-in attempts (docs/console-auth.md).

-- scrypt, as "scrypt$<log2 N>$<r>$<p>$<salt>$<hash>" (base64url); NULL until an invitation is accepted.
ALTER TABLE users ADD COLUMN password_hash text;
-- Sign-in looks people up by e-mail across organizations.
CREATE INDEX users_email ON users (lower(email));

-- A one-time link that lets a user set a password. Only the SHA-256 of the token is kept.
CREATE TABLE invitations (
  id               text PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  user_id          text NOT NULL REFERENCES users (id),
  token_hash       text NOT NULL UNIQUE,
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  used_at          timestamptz
);
CREATE INDEX invitations_user_id ON invitations (user_id);

-- One row per signed-in browser; the cookie holds a secret whose SHA-256 is token_hash.
CREATE TABLE browser_sessions (
  id               text PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  user_id          text NOT NULL REFERENCES users (id),
  token_hash       text NOT NULL UNIQUE,
  csrf_token       text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  last_seen_at     timestamptz NOT NULL DEFAULT now(),
  -- The absolute end of the session; the idle end is last_seen_at plus the idle timeout.
  expires_at       timestamptz NOT NULL
);
CREATE INDEX browser_sessions_user_id ON browser_sessions (user_id);
CREATE INDEX browser_sessions_expires_at ON browser_sessions (expires_at);

-- Failed sign-ins per account ("account:<e-mail>") and per client address ("address:<ip>") in a
-- fixed window; shared by every replica because it lives in the database.
CREATE TABLE sign_in_failures (
  scope            text PRIMARY KEY,
  failures         integer NOT NULL,
  window_start     timestamptz NOT NULL
);
-- Ended windows are swept as failures are recorded.
CREATE INDEX sign_in_failures_window_start ON sign_in_failures (window_start);
