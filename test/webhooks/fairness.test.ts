import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJob } from '../../src/jobs/job.js';
import { webhookDeliveryJob, webhookDeliveryOptions } from '../../src/jobs/webhook-delivery.js';
import { auth, createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

// Fair delivery (docs/webhooks.md "Fair delivery"): one organization's endpoint that accepts the
// connection and never answers, with 100 events queued before another organization's, must not
// delay that other organization's deliveries. The real delivery job runs against real receivers
// on loopback; the attempts' deadline (30 s) outlasts the test, so "still in flight" is exact.

const PER_ENDPOINT = 3;
/** The other organization's deliveries: at least 50, as many as the benchmark measures (bench/webhook-fairness.ts). */
const WAITING = 50;

let server: TestServer;
let stalling: TestOrganization;
let waiting: TestOrganization;
let hanging: WebhookReceiver;
let healthy: WebhookReceiver;
beforeAll(async () => {
  server = await startTestServer({
    RATE_LIMIT_PER_MINUTE: '1000000',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_TIMEOUT_MS: '30000',
    WEBHOOK_IN_FLIGHT_PER_ENDPOINT: String(PER_ENDPOINT),
  });
  stalling = await createOrganization(server, 'Stalling');
  waiting = await createOrganization(server, 'Waiting');
  hanging = await startWebhookReceiver();
  hanging.respond = () => undefined;
  healthy = await startWebhookReceiver();
});
afterAll(async () => {
  await hanging.close();
  await healthy.close();
  await server.close();
});

async function endpointOf(org: TestOrganization, url: string): Promise<string> {
  const created = await server.app.inject({ method: 'POST', url: '/api/v0/webhooks', headers: auth(org.owner.key), payload: { url } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().webhook.id;
}

async function sendTests(org: TestOrganization, webhookId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const sent = await server.app.inject({ method: 'POST', url: `/api/v0/webhooks/${webhookId}/test`, headers: auth(org.owner.key) });
    expect(sent.statusCode, sent.body).toBe(202);
  }
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('fair delivery', () => {
  it("delivers all of another organization's 50 events while one organization's endpoint hangs with 100 queued", async () => {
    const stalled = await endpointOf(stalling, `${hanging.url}/never-answers`);
    await sendTests(stalling, stalled, 100);
    const other = await endpointOf(waiting, `${healthy.url}/answers`);
    await sendTests(waiting, other, WAITING);

    const job = startJob(webhookDeliveryJob(webhookDeliveryOptions(server.app.services), 50, server.app.log), server.app.log);
    try {
      const succeeded = async () => (await server.store.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', other).where('status', '=', 'succeeded').execute()).length;
      await until(async () => (await succeeded()) === WAITING, `the waiting organization's ${WAITING} deliveries`);
      // Each arrived once, and they are the waiting organization's deliveries.
      expect(healthy.received).toHaveLength(WAITING);
      const delivered = (await server.store.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', other).execute()).map((row) => row.id);
      expect(new Set(healthy.received.map((request) => request.headers['webhook-id']))).toEqual(new Set(delivered));
      // The hanging attempts are all still open: none has reached its deadline nor been recorded.
      expect(hanging.received.length).toBeGreaterThan(0);
      const recorded = await server.store.db.selectFrom('webhook_attempts').select('id').where('endpoint_id', '=', stalled).execute();
      expect(recorded).toEqual([]);
      // And the hanging endpoint holds no more than its own slots, whatever is queued for it.
      expect(hanging.received.length).toBeLessThanOrEqual(PER_ENDPOINT);
    } finally {
      // Ending the hanging connections fails their attempts at once, so the job stops promptly.
      await hanging.close();
      await job.stop();
    }
    const failed = await server.store.db.selectFrom('webhook_attempts').select(['succeeded']).where('endpoint_id', '=', stalled).execute();
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((attempt) => !attempt.succeeded)).toBe(true);
  });
});
