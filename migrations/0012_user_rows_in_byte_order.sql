-- The /users rows compare in byte order (COLLATE "C"), like analytics_user_activity.user_id and the
-- pages' cursors, so that the primary key returns a page's rows in the answer's order (user id,
-- then day) with no sort, and a range of user ids selects a run of the page's users.
ALTER TABLE analytics_user_daily ALTER COLUMN user_id TYPE text COLLATE "C";
