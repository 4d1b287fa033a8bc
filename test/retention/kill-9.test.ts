import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openStore } from '../../src/db/store.js';
import { retentionCutoff } from '../../src/domain/telemetry-retention.js';
import { freePort } from '../helpers/built-console.js';
import { bootstrapOrganization, killHard, launchedServers, launchedStore, type LaunchedServer } from '../helpers/server-process.js';
import { dayOfMonthBack, wire, type Sent } from './sent-events.js';

// kill -9 of the server while telemetry retention runs, on the store the suite runs on (embedded,
// or PostgreSQL with TEST_DATABASE_URL): a real server process keeps events of several months,
// then restarts with TELEMETRY_RETENTION_MONTHS and tiny batches, and dies in the middle of the
// pass (KILLS times). The restarted server finishes it: the old partitions and their keys are gone, the
// analytics answer as before, and an old event is refused at every point, never counted again.

const ADMIN_TOKEN = `retention-kill9-${randomBytes(12).toString('hex')}`;
const MONTHS = 2;
const OLD_PER_MONTH = 150;
const KEPT_PER_MONTH = 40;
const KILLS = 2;
const { cleanup, launch } = launchedServers();

const eventsOf = (monthsBack: number, count: number): Sent[] =>
  Array.from({ length: count }, (_, i) => ({ id: `k9-m${monthsBack}-${i}`, day: dayOfMonthBack(monthsBack, 1 + (i % 5) * 5), inputTokens: 10 * monthsBack + i }));

describe('kill -9 of the server during telemetry retention', () => {
  it('leaves a state the restarted server finishes: old partitions and keys gone, nothing counted twice', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const store = await launchedStore(cleanup);
    const env: Record<string, string> = {
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_TOKEN,
      LOG_LEVEL: 'info',
      ROLLUP_INTERVAL_MS: '3600000',
      RATE_LIMIT_PER_MINUTE: '10000000',
      REDIS_URL: '',
      ...store,
    };
    const cutoff = retentionCutoff(MONTHS, new Date());
    const old = [...eventsOf(MONTHS + 1, OLD_PER_MONTH), ...eventsOf(MONTHS + 2, OLD_PER_MONTH)];
    const kept = [...eventsOf(MONTHS, KEPT_PER_MONTH), ...eventsOf(1, KEPT_PER_MONTH)];
    expect(old.every((event) => event.day < cutoff) && kept.every((event) => event.day >= cutoff)).toBe(true);

    // Without retention, the events of every month are kept.
    let server: LaunchedServer = launch({ ...env, TELEMETRY_RETENTION_MONTHS: 'off' });
    await server.listening;
    const apiKey = await bootstrapOrganization(base, ADMIN_TOKEN, 'owner@retention-crash.test');
    const send = (events: readonly Sent[]) =>
      fetch(`${base}/api/v1/telemetry/events`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ events: events.map(wire) }) });
    const sent = await send([...old, ...kept]);
    expect(await sent.json()).toEqual({ accepted: old.length + kept.length, duplicates: 0 });
    const rollUp = async () => expect((await fetch(`${base}/admin/v1/rollups/run`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).status).toBe(200);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tokens = async () => {
      const response = await fetch(`${base}/api/v1/analytics/tokens?startDate=${dayOfMonthBack(MONTHS + 2, 1)}&endDate=${yesterday}`, { headers: { authorization: `Bearer ${apiKey}` } });
      return ((await response.json()) as { data: { date: string; input_tokens: number }[] }).data.filter((row) => row.input_tokens > 0);
    };
    await rollUp();
    const before = await tokens();
    const expected: Record<string, number> = {};
    for (const event of [...old, ...kept]) expected[event.day] = (expected[event.day] ?? 0) + event.inputTokens;
    expect(Object.fromEntries(before.map((row) => [row.date, row.input_tokens]))).toEqual(expected);
    await killHard(server);

    // With retention, tiny batches and a short lease: the pass starts 200 ms after start.
    const retaining = {
      ...env,
      TELEMETRY_RETENTION_MONTHS: String(MONTHS),
      TELEMETRY_RETENTION_INTERVAL_MS: '200',
      TELEMETRY_RETENTION_BATCH_SIZE: '10',
      TELEMETRY_RETENTION_BATCH_PAUSE_MS: '20',
      TELEMETRY_RETENTION_LEASE_MS: '1500',
    };
    const deletedKeys = async () => {
      const metrics = await (await fetch(`${base}/metrics`)).text();
      return Number(/quarterdeck_telemetry_retention_dropped_total\{what="keys"\} (\d+)/.exec(metrics)?.[1] ?? 0);
    };
    const refusedAgain = async () => {
      const response = await send([old[7]!, old[OLD_PER_MONTH + 3]!]);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { errors: { path: string }[] }).errors.map((error) => error.path)).toEqual(['body/events/0/timestamp', 'body/events/1/timestamp']);
    };
    const inStore = async <T>(read: (db: Awaited<ReturnType<typeof openStore>>['db']) => Promise<T>): Promise<T> => {
      const opened = await openStore(loadConfig(store), { migrate: false });
      try {
        return await read(opened.db);
      } finally {
        await opened.close();
      }
    };
    const oldKeys = (db: Awaited<ReturnType<typeof openStore>>['db']) =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM telemetry_event_ids WHERE day < ${cutoff}::date`.execute(db).then(({ rows }) => rows[0]!.n);

    for (let kill = 0; kill < KILLS; kill += 1) {
      server = launch(retaining);
      await server.listening;
      while ((await deletedKeys()) === 0) await sleep(5);
      // The first kept day moved before any key went: old events are refused from now on.
      await refusedAgain();
      const deleted = await deletedKeys();
      await killHard(server);
      // Killed mid-pass: some old keys deleted, some left.
      expect(deleted).toBeLessThan(old.length);
      if (store.DATABASE_URL) expect(await inStore(oldKeys)).toBeGreaterThan(0);
    }

    server = launch(retaining);
    await server.listening;
    await refusedAgain();
    // The dead holder's lease lapses, then this server's pass (the job's or this call's) finishes.
    for (;;) {
      const run = await fetch(`${base}/admin/v1/telemetry/retention/run`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      const report = (await run.json()) as { ran: boolean; closedBefore: string };
      expect(report.closedBefore).toBe(cutoff);
      if (run.status === 200) break;
      expect(run.status).toBe(202);
      await sleep(200);
    }
    await refusedAgain();
    const again = await send(kept);
    expect(await again.json()).toEqual({ accepted: 0, duplicates: kept.length });
    await rollUp();
    expect(await tokens()).toEqual(before);
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    const state = await inStore(async (db) => ({
      oldKeys: await oldKeys(db),
      keptKeys: (await sql<{ n: number }>`SELECT count(*)::int AS n FROM telemetry_event_ids WHERE day >= ${cutoff}::date`.execute(db)).rows[0]!.n,
      events: (await sql<{ n: number }>`SELECT count(*)::int AS n FROM telemetry_events`.execute(db)).rows[0]!.n,
      oldPartitions: (
        await sql<{ name: string }>`
          SELECT c.relname AS name FROM pg_class c
          WHERE c.relname IN (${sql.join([...new Set(old.map((event) => `telemetry_events_${event.day.slice(0, 7).replace('-', '_')}`)), 'telemetry_events_before_2026'])})`.execute(db)
      ).rows,
    }));
    expect(state).toEqual({ oldKeys: 0, keptKeys: kept.length, events: kept.length, oldPartitions: [] });
  }, 150_000);
});
