-- When each member last signed in to the console (password, invitation, setup link or single
-- sign-on), so the members page can tell a person who uses the console from one whose agents
-- send telemetry without them ever signing in (docs/members.md "Status"). `joined_at` stays the
-- first sign-in; before this column, the first sign-in is the best known last one.
ALTER TABLE users ADD COLUMN last_sign_in_at timestamptz;
UPDATE users SET last_sign_in_at = joined_at;
