-- The /users rows' user ids compare in byte order (COLLATE "C"), like analytics_user_activity.user_id
-- and the pages' cursors: the page's users found in the activity list are looked up in the rows by
-- the same comparison, through the rows' primary key.
ALTER TABLE analytics_user_daily ALTER COLUMN user_id TYPE text COLLATE "C";
