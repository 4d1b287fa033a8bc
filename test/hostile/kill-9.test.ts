import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { freePort } from '../helpers/built-console.js';
import { bootstrapOrganization, launchedServers, launchedStore } from '../helpers/server-process.js';

// kill -9 during ingestion and rollups, on the store the suite runs on (embedded, or PostgreSQL
// with TEST_DATABASE_URL): the server is a real process, senders retry every batch until it is
// acknowledged. Afterwards nothing acknowledged is lost, nothing is counted twice, and the
// analytics are exact as soon as the admin run answers after the last restart. Three starts of
// a real process dominate its time (about 30 s alone, up to 2 minutes under a loaded suite).

const ADMIN_TOKEN = `kill9-admin-${randomBytes(12).toString('hex')}`;
const SENDERS = 3;
const BATCHES_PER_SENDER = 12;
const EVENTS_PER_BATCH = 40;
const KILLS = 2;
const DAYS = 5;

const { cleanup, children, launch } = launchedServers();

const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe('kill -9 with retrying senders', () => {
  it('loses nothing acknowledged, doubles nothing, and analytics are exact after the restart', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1', ADMIN_TOKEN, LOG_LEVEL: 'info', ROLLUP_INTERVAL_MS: '100', RATE_LIMIT_PER_MINUTE: '10000000', REDIS_URL: '' };
    Object.assign(env, await launchedStore(cleanup));
    let server = launch(env);
    await server.listening;
    const apiKey = await bootstrapOrganization(base, ADMIN_TOKEN, 'owner@crash.test');

    // Each batch is resent as is until acknowledged: a batch the server stored before dying
    // comes back as duplicates, never as new events.
    let acknowledged = 0;
    const sendUntilAcknowledged = async (events: unknown[]) => {
      for (;;) {
        const answer = await fetch(`${base}/api/v1/telemetry/events`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ events }),
          signal: AbortSignal.timeout(10_000),
        }).catch(() => undefined);
        if (answer?.status === 202) return void (acknowledged += 1);
        if (answer && answer.status < 500) throw new Error(`refused: ${answer.status} ${await answer.text()}`);
        await sleep(50);
      }
    };
    const senders = Array.from({ length: SENDERS }, async (_, sender) => {
      for (let batch = 0; batch < BATCHES_PER_SENDER; batch += 1) {
        const events = Array.from({ length: EVENTS_PER_BATCH }, (_, i) => ({
          id: `s${sender}-b${batch}-e${i}`,
          type: 'model_call',
          timestamp: `${day(1 + (i % DAYS))}T12:00:00Z`,
          sessionId: `s${sender}`,
          client: 'web',
          modelId: 'm',
          modelTier: 'standard',
          inputTokens: 1,
          outputTokens: 0,
          cacheReadTokens: 0,
          cacheWriteTokens: 0,
          billableTokens: 0.1,
        }));
        await sendUntilAcknowledged(events);
      }
    });
    const acknowledgedAtKills: number[] = [];
    const killer = (async () => {
      // Kills spread over the ingestion: after a third of the batches, then after two thirds.
      for (let kill = 0; kill < KILLS; kill += 1) {
        while (acknowledged < ((kill + 1) * SENDERS * BATCHES_PER_SENDER) / (KILLS + 1)) await sleep(10);
        acknowledgedAtKills.push(acknowledged);
        server.child.kill('SIGKILL');
        await new Promise((resolve) => server.child.once('exit', resolve));
        server = launch(env);
        await server.listening;
      }
    })();
    await Promise.all([...senders, killer]);
    expect(acknowledged).toBe(SENDERS * BATCHES_PER_SENDER);
    // Every kill landed while batches were still being sent.
    expect(acknowledgedAtKills.every((count) => count < SENDERS * BATCHES_PER_SENDER)).toBe(true);

    const run = await fetch(`${base}/admin/v1/rollups/run`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(run.status).toBe(200);
    expect(((await run.json()) as { status: string }).status).toBe('done');
    const tokens = await fetch(`${base}/api/v1/analytics/tokens?startDate=${day(DAYS)}&endDate=${day(1)}`, { headers: { authorization: `Bearer ${apiKey}` } });
    const rows = ((await tokens.json()) as { data: { input_tokens: number; billable_tokens: number }[] }).data;
    const total = SENDERS * BATCHES_PER_SENDER * EVENTS_PER_BATCH;
    // One input token per event: exactly one count per event; credits exact in fixed point.
    expect(rows.reduce((sum, row) => sum + row.input_tokens, 0)).toBe(total);
    expect(rows.map((row) => row.billable_tokens)).toEqual(rows.map(() => (total / DAYS) * 0.1).map((value) => Math.round(value * 1e6) / 1e6));

    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    if (!process.env.TEST_DATABASE_URL) {
      // The killed processes' socket directories were removed by the starts after them.
      const pids = children.slice(0, -1).map((child) => child.pid);
      const left = (await readdir(tmpdir())).filter((name) => pids.some((pid) => name.startsWith(`quarterdeck-pg-${pid}-`)));
      expect(left).toEqual([]);
    }
  }, 240_000);
});
