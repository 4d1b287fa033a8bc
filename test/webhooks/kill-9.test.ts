import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { freePort } from '../helpers/built-console.js';
import { bootstrapOrganization, launchedServers, launchedStore } from '../helpers/server-process.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

// The outbox across kill -9 (docs/webhooks.md), on the store the suite runs on: a real server
// process delivers controls.changed events to a receiver on 127.0.0.1 while enterprise controls
// change, and is killed twice. Afterwards every revision that exists was delivered under one
// webhook-id, and no event exists for a revision that does not (nothing lost, nothing invented).
// A delivery killed between the receiver's answer and its record comes again with the same
// webhook-id: receivers dedupe on it.

const ADMIN_TOKEN = `hooks-kill9-${randomBytes(12).toString('hex')}`;
const CHANGES = 30;
const KILLS = 2;

const { cleanup, launch } = launchedServers();

describe('webhooks across kill -9', () => {
  it('delivers one event per revision that exists, none for changes that did not commit', async () => {
    const receiver = await startWebhookReceiver();
    cleanup.push(() => receiver.close());
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      PORT: String(port), HOST: '127.0.0.1', ADMIN_TOKEN, LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '10000000', REDIS_URL: '',
      WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_INTERVAL_MS: '100', WEBHOOK_RETRY_BASE_MS: '200',
    };
    Object.assign(env, await launchedStore(cleanup));
    let server = launch(env);
    await server.listening;
    const apiKey = await bootstrapOrganization(base, ADMIN_TOKEN, 'owner@hooks-crash.test');
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    const created = await fetch(`${base}/api/v0/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: `${receiver.url}/hook`, eventTypes: ['controls.changed'] }) });
    expect(created.status).toBe(201);
    const { secret } = (await created.json()) as { secret: string };

    // Changes are sent until one is acknowledged; one cut off by a kill may or may not have
    // committed, and either way its event goes with it.
    let acknowledged = 0;
    const changer = (async () => {
      for (let change = 0; change < CHANGES; change += 1) {
        for (;;) {
          const answer = await fetch(`${base}/api/v0/organization/enterprise-controls`, { method: 'PATCH', headers, body: JSON.stringify({ settings: { sessionRetentionDays: change + 1 } }), signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
          if (answer?.status === 200) break;
          if (answer && answer.status < 500) throw new Error(`refused: ${answer.status} ${await answer.text()}`);
          await sleep(50);
        }
        acknowledged += 1;
        await sleep(20);
      }
    })();
    const killer = (async () => {
      for (let kill = 0; kill < KILLS; kill += 1) {
        while (acknowledged < ((kill + 1) * CHANGES) / (KILLS + 1)) await sleep(10);
        server.child.kill('SIGKILL');
        await new Promise((resolve) => server.child.once('exit', resolve));
        server = launch(env);
        await server.listening;
      }
    })();
    await Promise.all([changer, killer]);

    const current = await fetch(`${base}/api/v0/organization/enterprise-controls`, { headers });
    const revisions = ((await current.json()) as { revision: number }).revision;
    expect(revisions).toBeGreaterThanOrEqual(CHANGES);
    const byId = new Map<string, number>();
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      for (const got of receiver.received) {
        const event = new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as { type: string; data: { revision: number } };
        expect(event.type).toBe('controls.changed');
        byId.set(got.headers['webhook-id'] as string, event.data.revision);
      }
      if (byId.size >= revisions) break;
      await sleep(100);
    }
    const delivered = [...byId.values()].sort((a, b) => a - b);
    expect(delivered).toEqual(Array.from({ length: revisions }, (_, i) => i + 1));

    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }, 240_000);
});
