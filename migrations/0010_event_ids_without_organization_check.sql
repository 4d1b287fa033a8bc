-- Ingestion writes an event's idempotency key and the event in one statement
-- (src/telemetry/ingest.ts), and the event's own foreign key already checks the organization, so
-- the key's check was done twice: it cost about 7 microseconds of PostgreSQL CPU per event, some
-- 7 % of ingestion's CPU (docs/performance.md). Organizations are never deleted; code that ever
-- deletes one must delete its keys too.
ALTER TABLE telemetry_event_ids DROP CONSTRAINT telemetry_event_ids_organization_id_fkey;
