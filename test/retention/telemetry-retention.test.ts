import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { retentionCutoff } from '../../src/domain/telemetry-retention.js';
import { markDaysPending } from '../../src/analytics/pending-days.js';
import { auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { dayOfMonthBack, wire, type Sent } from './sent-events.js';

// Telemetry retention (docs/retention.md) on the store the suite runs on: events across several
// months, the operator's pass, then old partitions and their keys gone, the rollups unchanged,
// old events refused when sent again (native and OTLP) and counted nowhere, recent ones untouched.

const MONTHS = 2;
const DAYS_PER_MONTH = 3;
const CALLS_PER_DAY = 5;

/** Model calls on a few days of each month back; 18 months back lands in the partition before 2026. */
function eventsOf(monthsBack: number, tag: string): Sent[] {
  return Array.from({ length: DAYS_PER_MONTH * CALLS_PER_DAY }, (_, i) => ({
    id: `${tag}-m${monthsBack}-${i}`,
    day: dayOfMonthBack(monthsBack, 2 + Math.floor(i / CALLS_PER_DAY) * 7),
    inputTokens: 100 * (monthsBack + 1) + i,
  }));
}

let server: TestServer;
let org: TestOrganization;
const cutoff = retentionCutoff(MONTHS, new Date());
const old = [...eventsOf(MONTHS + 1, 'a'), ...eventsOf(MONTHS + 2, 'a'), ...eventsOf(18, 'a')];
const kept = [...eventsOf(MONTHS, 'a'), ...eventsOf(1, 'a')];

beforeAll(async () => {
  server = await startTestServer({ TELEMETRY_RETENTION_MONTHS: String(MONTHS), TELEMETRY_RETENTION_BATCH_SIZE: '7' });
  org = await createOrganization(server, 'Retention');
  expect(old.every((event) => event.day < cutoff) && kept.every((event) => event.day >= cutoff)).toBe(true);
  const stored = await send([...old, ...kept]);
  expect(stored.statusCode, stored.body).toBe(202);
  expect(stored.json()).toMatchObject({ accepted: old.length + kept.length, duplicates: 0 });
  await rollUp();
});
afterAll(async () => server?.close());

const send = (events: readonly Sent[], key = org.owner.key) =>
  server.app.inject({ method: 'POST', url: '/api/v1/telemetry/events', headers: auth(key), payload: { events: events.map(wire) } });
const runRetention = (token = server.adminToken) => server.app.inject({ method: 'POST', url: '/admin/v1/telemetry/retention/run', headers: auth(token) });
async function rollUp() {
  expect((await server.app.inject({ method: 'POST', url: '/admin/v1/rollups/run', headers: auth(server.adminToken) })).statusCode).toBe(200);
}

/** Input tokens per day as the analytics answer them, from the history start to yesterday. */
async function tokensByDay(): Promise<Record<string, number>> {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const response = await server.app.inject({ method: 'GET', url: `/api/v1/analytics/tokens?startDate=${server.config.analyticsHistoryStart}&endDate=${yesterday}`, headers: auth(org.owner.key) });
  expect(response.statusCode).toBe(200);
  const byDay: Record<string, number> = {};
  for (const row of response.json().data as { date: string; input_tokens: number }[]) if (row.input_tokens > 0) byDay[row.date] = row.input_tokens;
  return byDay;
}

/** The same figures from what was sent: days of the analytics history only. */
function referenceTokens(events: readonly Sent[]): Record<string, number> {
  const byDay: Record<string, number> = {};
  for (const event of events) {
    if (event.day < server.config.analyticsHistoryStart || event.day >= new Date().toISOString().slice(0, 10)) continue;
    byDay[event.day] = (byDay[event.day] ?? 0) + event.inputTokens;
  }
  return byDay;
}

async function keysOfDays(): Promise<{ before: number; after: number }> {
  const { rows } = await sql<{ before: number; after: number }>`
    SELECT count(*) FILTER (WHERE day < ${cutoff}::date)::int AS before, count(*) FILTER (WHERE day >= ${cutoff}::date)::int AS after
    FROM telemetry_event_ids WHERE organization_id = ${org.id}`.execute(server.store.db);
  return rows[0]!;
}

async function partitions(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'telemetry_events'::regclass ORDER BY 1`.execute(server.store.db);
  return rows.map((row) => row.name);
}

const partitionOf = (day: string) => `telemetry_events_${day.slice(0, 7).replace('-', '_')}`;

describe('telemetry retention', () => {
  it('drops the partitions and keys of months past the retention, and keeps the rollups', async () => {
    const before = await tokensByDay();
    expect(before).toEqual(referenceTokens([...old, ...kept]));
    expect(await keysOfDays()).toEqual({ before: old.length, after: kept.length });
    const oldPartitions = ['telemetry_events_before_2026', partitionOf(old[DAYS_PER_MONTH * CALLS_PER_DAY]!.day), partitionOf(old[0]!.day)];
    expect(await partitions()).toEqual(expect.arrayContaining(oldPartitions));

    // Only the platform operator runs it.
    expectError(await runRetention(org.owner.key), 401);
    const run = await runRetention();
    expect(run.statusCode).toBe(200);
    expect(run.json()).toEqual({ ran: true, closedBefore: cutoff, droppedPartitions: oldPartitions, deletedKeys: old.length });

    expect(await keysOfDays()).toEqual({ before: 0, after: kept.length });
    const left = await partitions();
    expect(left.filter((name) => oldPartitions.includes(name))).toEqual([]);
    expect(left).toEqual(expect.arrayContaining([...new Set(kept.map((event) => partitionOf(event.day)))]));
    const { rows } = await sql<{ events: number }>`SELECT count(*)::int AS events FROM telemetry_events WHERE organization_id = ${org.id}`.execute(server.store.db);
    expect(rows[0]!.events).toBe(kept.length);

    await rollUp();
    expect(await tokensByDay()).toEqual(before);

    // A second pass has nothing left to do.
    expect((await runRetention()).json()).toEqual({ ran: true, closedBefore: cutoff, droppedPartitions: [], deletedKeys: 0 });
    const metrics = (await server.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('quarterdeck_telemetry_retention_dropped_total{what="partitions"} 3');
    expect(metrics).toContain(`quarterdeck_telemetry_retention_dropped_total{what="keys"} ${old.length}`);
  });

  it('refuses old events sent again, the whole batch, and counts them nowhere', async () => {
    const before = await tokensByDay();
    const refused = expectError(await send([kept[0]!, old[3]!, old[20]!]), 400);
    expect(refused.errors!.map((error) => error.path)).toEqual(['body/events/1/timestamp', 'body/events/2/timestamp']);
    expect(refused.errors![0]!.message).toContain(`before ${cutoff}, the first day telemetry retention keeps`);
    // A new recent event of the refused batch was not stored either.
    const fresh: Sent = { id: 'fresh-1', day: dayOfMonthBack(1, 20), inputTokens: 7 };
    expectError(await send([fresh, old[0]!]), 400);
    expect(await keysOfDays()).toEqual({ before: 0, after: kept.length });
    // Through an ingest key as through a person's key.
    const ingestKey = (await server.app.inject({ method: 'POST', url: '/api/v0/api-keys', headers: auth(org.owner.key), payload: { name: 'collector', kind: 'ingest' } })).json().key as string;
    const viaIngestKey = await server.app.inject({
      method: 'POST',
      url: '/api/v1/telemetry/events',
      headers: auth(ingestKey),
      payload: { events: [{ ...wire(old[1]!), userEmail: org.owner.email }] },
    });
    expect(expectError(viaIngestKey, 400).errors![0]!.path).toBe('body/events/0/timestamp');

    // Recent events sent again are duplicates, as before.
    expect((await send(kept)).json()).toMatchObject({ accepted: 0, duplicates: kept.length });
    await rollUp();
    expect(await tokensByDay()).toEqual(before);
  });

  it('refuses old OTLP records in partial success and keeps the rest of the export', async () => {
    const nanos = (day: string) => String(BigInt(Date.parse(`${day}T12:00:00Z`)) * 1_000_000n);
    const record = (day: string, session: string) => ({
      timeUnixNano: nanos(day),
      attributes: [
        { key: 'event.name', value: { stringValue: 'user_prompt' } },
        { key: 'session.id', value: { stringValue: session } },
      ],
    });
    const payload = {
      resourceLogs: [
        {
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'claude-code' } }] },
          scopeLogs: [{ logRecords: [record(old[0]!.day, 'otlp-old'), record(dayOfMonthBack(1, 21), 'otlp-new')] }],
        },
      ],
    };
    const response = await server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(org.owner.key), 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(200);
    const partial = response.json().partialSuccess as { rejectedLogRecords: string | number; errorMessage: string };
    expect(Number(partial.rejectedLogRecords)).toBe(1);
    expect(partial.errorMessage).toContain(`before ${cutoff}, the first day telemetry retention keeps`);
    const { rows } = await sql<{ session_id: string; day: string }>`
      SELECT session_id, day::text AS day FROM telemetry_events WHERE organization_id = ${org.id} AND session_id LIKE 'otlp-%'`.execute(server.store.db);
    expect(rows).toEqual([{ session_id: 'otlp-new', day: dayOfMonthBack(1, 21) }]);
    expect(await partitions()).not.toContain(partitionOf(old[0]!.day));
  });

  it('never rolls up again a day whose events were dropped', async () => {
    const before = await tokensByDay();
    // As a price change does (repositories/prices.ts): the old days marked pending again.
    await markDaysPending(server.store.db, org.id, [old[0]!.day, kept[0]!.day]);
    const { rows } = await sql<{ day: string }>`SELECT day::text AS day FROM analytics_pending_days WHERE organization_id = ${org.id} AND day < ${dayOfMonthBack(MONTHS - 1, 1)}::date ORDER BY day`.execute(server.store.db);
    expect(rows.map((row) => row.day)).toEqual([kept[0]!.day]);
    await rollUp();
    expect(await tokensByDay()).toEqual(before);
    // A price change marks every day with model calls but the closed ones.
    const prices = await server.app.inject({ method: 'PATCH', url: '/api/v0/organization/prices', headers: auth(org.owner.key), payload: { discount: 0.1 } });
    expect(prices.statusCode, prices.body).toBe(200);
    const marked = await sql<{ day: string }>`SELECT day::text AS day FROM analytics_pending_days WHERE organization_id = ${org.id}`.execute(server.store.db);
    expect(marked.rows.length).toBeGreaterThan(0);
    expect(marked.rows.filter((row) => row.day < cutoff)).toEqual([]);
    await rollUp();
    expect(await tokensByDay()).toEqual(before);
  });
});

describe('TELEMETRY_RETENTION_MONTHS', () => {
  it('is 13 by default, 0 or "off" for none, and refuses anything else', () => {
    expect(loadConfig({}).telemetryRetentionMonths).toBe(13);
    expect(loadConfig({ TELEMETRY_RETENTION_MONTHS: 'off' }).telemetryRetentionMonths).toBe(0);
    expect(loadConfig({ TELEMETRY_RETENTION_MONTHS: '0' }).telemetryRetentionMonths).toBe(0);
    expect(() => loadConfig({ TELEMETRY_RETENTION_MONTHS: '-1' })).toThrow(/TELEMETRY_RETENTION_MONTHS must be an integer from 0 to 1200/);
    expect(() => loadConfig({ TELEMETRY_RETENTION_MONTHS: 'a year' })).toThrow(/TELEMETRY_RETENTION_MONTHS/);
  });

  it('keeps the current UTC month and the given number of full months before it', () => {
    expect(retentionCutoff(13, new Date('2026-12-07T01:00:00Z'))).toBe('2025-11-01');
    expect(retentionCutoff(1, new Date('2026-01-31T23:59:59Z'))).toBe('2025-12-01');
    expect(retentionCutoff(12, new Date('2027-03-01T00:00:00Z'))).toBe('2026-03-01');
  });
});
