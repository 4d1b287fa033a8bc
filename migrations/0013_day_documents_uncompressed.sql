-- A day's answer documents are stored uncompressed (TOAST storage EXTERNAL instead of EXTENDED):
-- a year of /tokens is read whole and streamed as bytes, and decompressing 365 documents of tens of
-- kilobytes was a good part of PostgreSQL's time for it, for a saving of disk the table can afford
-- (one row per organization and day). Rows aggregated before keep their compressed form until their
-- day is aggregated again.
ALTER TABLE analytics_daily
  ALTER COLUMN tokens SET STORAGE EXTERNAL,
  ALTER COLUMN tools SET STORAGE EXTERNAL,
  ALTER COLUMN activity SET STORAGE EXTERNAL,
  ALTER COLUMN productivity SET STORAGE EXTERNAL;
