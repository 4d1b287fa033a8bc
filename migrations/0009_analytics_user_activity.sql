-- The users with activity in each organization, and the first and last day they have a
-- /users row (analytics_user_daily): /users finds a page's users here instead of grouping every
-- user-day of the range. The rollup widens the window in the transaction that writes a day's
-- user rows. The window may be wider than the rows (a user whose rows of a day went away on a
-- recomputation), so readers still check that a row exists in their range.
-- user_id compares in byte order (COLLATE "C"), the order of /users pages, so the primary key
-- serves a page in order.
CREATE TABLE analytics_user_activity (
  organization_id  text NOT NULL REFERENCES organizations (id),
  user_id          text COLLATE "C" NOT NULL,
  first_day        date NOT NULL,
  last_day         date NOT NULL,
  PRIMARY KEY (organization_id, user_id)
);

INSERT INTO analytics_user_activity (organization_id, user_id, first_day, last_day)
  SELECT organization_id, user_id, min(day), max(day) FROM analytics_user_daily GROUP BY organization_id, user_id;
