-- A pending day's version comes from a sequence, so it never repeats, not even after the day was
-- released (its row deleted) and marked again: a rollup whose lease lapsed while another replica
-- settled the day cannot release a later marking that happens to carry its old version number.
CREATE SEQUENCE analytics_pending_version;
SELECT setval('analytics_pending_version', greatest((SELECT max(version) FROM analytics_pending_days), 1));
ALTER TABLE analytics_pending_days ALTER COLUMN version SET DEFAULT nextval('analytics_pending_version');
