-- What the rollup last wrote, as a SHA-256 digest beside each row it writes (docs/analytics.md
-- "Daily batch"): a day computed again is mostly the same, and the rollup compares its new rows'
-- digests with these before it sends anything, so an unchanged row is not sent at all. NULL on
-- rows written before: they differ from any digest, so the next rollup of their day writes them
-- again, once.
ALTER TABLE analytics_daily ADD COLUMN digest bytea;
ALTER TABLE analytics_user_daily ADD COLUMN digest bytea;
