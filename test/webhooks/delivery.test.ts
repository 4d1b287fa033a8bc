import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/db/store.js';
import { deliverWebhooks, webhookDeliveryOptions, type WebhookDeliveryOptions } from '../../src/jobs/webhook-delivery.js';
import { deleteOldWebhookHistory } from '../../src/jobs/webhook-retention.js';
import { claimDueDeliveries, fanOutEvents } from '../../src/repositories/webhook-deliveries.js';
import { auth, createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

// Delivery of outbox events to a real receiver on 127.0.0.1 (docs/webhooks.md): signatures checked
// with the standardwebhooks library, retries with growing waits on a test clock, the endpoint
// disabled once the retry window is spent, replay, the test event, the Slack body, and no attempt
// made twice by two replicas. Loopback receivers need WEBHOOK_ALLOW_PRIVATE; the guard itself is
// tested in guard.test.ts.

let server: TestServer;
let org: TestOrganization;
let receiver: WebhookReceiver;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', WEBHOOK_ALLOW_PRIVATE: 'true' });
  org = await createOrganization(server);
});
afterAll(async () => server.close());
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.close();
  // Each test's endpoints go, with their deliveries: the next test's passes see only its own.
  await server.store.db.deleteFrom('webhook_endpoints').execute();
});

type Method = 'GET' | 'POST' | 'PATCH';
const request = (method: Method, url: string, payload?: object, key = org.owner.key) => server.app.inject({ method, url, headers: auth(key), ...(payload ? { payload } : {}) });
const createEndpoint = async (payload: object = {}, key = org.owner.key) => {
  const response = await request('POST', '/api/v0/webhooks', { url: `${receiver.url}/hook`, ...payload }, key);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { webhook: { id: string }; secret: string };
};
/** One pass of the delivery job at `now` (no jitter: waits are exact). */
const pass = (now = new Date(), overrides: Partial<WebhookDeliveryOptions> = {}) => deliverWebhooks({ ...webhookDeliveryOptions(server.app.services), now: () => now, random: () => 0.5, ...overrides });
const deliveries = async (id: string) => (await request('GET', `/api/v0/webhooks/${id}/deliveries?limit=100`)).json().deliveries as { id: string; status: string; attempts: number; nextAttemptAt: number | null; eventType: string }[];
const attempts = async (id: string) => (await request('GET', `/api/v0/webhooks/${id}/attempts?limit=100`)).json().attempts as { deliveryId: string; attempt: number; statusCode: number | null; error: string | null; responseExcerpt: string; succeeded: boolean; latencyMs: number }[];
const changeControls = () => request('PATCH', '/api/v0/organization/enterprise-controls', { settings: { sessionRetentionDays: Math.floor(Math.random() * 300) + 1 } });
const verify = (secret: string, index: number) => new Webhook(secret).verify(receiver.received[index]!.body, receiver.received[index]!.headers as Record<string, string>) as Record<string, any>;

describe('webhook delivery', () => {
  it('delivers an event signed per Standard Webhooks to the endpoints that subscribe, once', async () => {
    const { webhook, secret } = await createEndpoint();
    const invitedOnly = await createEndpoint({ eventTypes: ['member.invited'] });
    const other = await createOrganization(server, 'Other');
    await createEndpoint({}, other.owner.key);
    const before = receiver.received.length;
    expect((await changeControls()).statusCode).toBe(200);
    await pass();
    await pass();
    const mine = receiver.received.slice(before).filter((got) => JSON.parse(got.body).data.organizationId === org.id);
    expect(mine).toHaveLength(1);
    const index = receiver.received.indexOf(mine[0]!);
    const payload = verify(secret, index);
    expect(payload).toMatchObject({ type: 'controls.changed', data: { organizationId: org.id, userId: org.owner.id } });
    expect(Object.keys(payload.data).sort()).toEqual(['eventId', 'organizationId', 'revision', 'userId']);
    const [delivery] = await deliveries(webhook.id);
    expect(mine[0]!.headers['webhook-id']).toBe(delivery!.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, nextAttemptAt: null });
    expect(await deliveries(invitedOnly.webhook.id)).toEqual([]);
    // The signature binds the body, the id and the secret.
    expect(() => new Webhook(secret).verify(`${mine[0]!.body} `, mine[0]!.headers as Record<string, string>)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(invitedOnly.secret).verify(mine[0]!.body, mine[0]!.headers as Record<string, string>)).toThrow(WebhookVerificationError);
    const [logged] = await attempts(webhook.id);
    expect(logged).toMatchObject({ deliveryId: delivery!.id, attempt: 1, statusCode: 200, error: null, responseExcerpt: 'ok', succeeded: true });
  });

  it('retries a failing receiver with growing waits until it answers, then stops', async () => {
    const { webhook, secret } = await createEndpoint({ eventTypes: ['controls.changed'] });
    receiver.respond = (index, response) => {
      response.statusCode = index < 3 ? 500 : 204;
      response.end(index < 3 ? 'receiver down' : '');
    };
    await changeControls();
    let now = new Date();
    expect(await pass(now)).toBe(1);
    const due: number[] = [];
    for (;;) {
      const [delivery] = await deliveries(webhook.id);
      if (delivery!.status !== 'pending') break;
      // Not due yet: nothing is attempted.
      expect(await pass(new Date(delivery!.nextAttemptAt! - 1))).toBe(0);
      due.push(delivery!.nextAttemptAt! - now.getTime());
      now = new Date(delivery!.nextAttemptAt!);
      expect(await pass(now)).toBe(1);
    }
    expect(due).toEqual([30_000, 30_000, 60_000]);
    expect(receiver.received).toHaveLength(4);
    expect(new Set(receiver.received.map((got) => got.headers['webhook-id'])).size).toBe(1);
    for (let i = 0; i < 4; i += 1) expect(verify(secret, i).type).toBe('controls.changed');
    const [delivery] = await deliveries(webhook.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 4 });
    const log = (await attempts(webhook.id)).reverse();
    expect(log.map((row) => [row.attempt, row.statusCode, row.succeeded])).toEqual([[1, 500, false], [2, 500, false], [3, 500, false], [4, 204, true]]);
    expect(log[0]).toMatchObject({ error: 'HTTP 500', responseExcerpt: 'receiver down' });
    // Acknowledged: later passes send nothing more.
    expect(await pass(new Date(now.getTime() + 86_400_000))).toBe(0);
    expect(receiver.received).toHaveLength(4);
  });

  it('gives up after the retry window, disables the endpoint with the reason, and recovers by enabling and replaying', async () => {
    const { webhook, secret } = await createEndpoint({ eventTypes: ['controls.changed'] });
    receiver.respond = (_index, response) => {
      response.statusCode = 503;
      response.end();
    };
    await changeControls();
    const start = new Date();
    let now = start;
    await pass(now);
    for (let i = 0; i < 40; i += 1) {
      const [delivery] = await deliveries(webhook.id);
      if (delivery!.status !== 'pending') break;
      now = new Date(delivery!.nextAttemptAt!);
      await pass(now);
    }
    const [failed] = await deliveries(webhook.id);
    expect(failed).toMatchObject({ status: 'failed', nextAttemptAt: null });
    // About a day of retries: every attempt inside the window, waits doubling up to 6 hours.
    expect(failed!.attempts).toBeGreaterThan(10);
    expect(failed!.attempts).toBeLessThan(20);
    expect(now.getTime() - start.getTime()).toBeLessThanOrEqual(86_400_000);
    expect(now.getTime() - start.getTime()).toBeGreaterThan(18 * 3_600_000);
    const disabled = (await request('GET', `/api/v0/webhooks/${webhook.id}`)).json().webhook;
    expect(disabled).toMatchObject({ enabled: false });
    expect(disabled.disabledReason).toContain(failed!.id);
    expect(disabled.disabledReason).toContain('HTTP 503');
    const told = await server.store.db.selectFrom('webhook_events').select('payload').where('organization_id', '=', org.id).where('type', '=', 'webhook.disabled').execute();
    expect(told.map((event) => event.payload.webhookId)).toContain(webhook.id);

    // Disabled: new events are not sent to it, nor replays and tests accepted.
    const sent = receiver.received.length;
    await changeControls();
    await pass(new Date(now.getTime() + 1000));
    expect(receiver.received).toHaveLength(sent);
    expect((await request('POST', `/api/v0/webhooks/${webhook.id}/deliveries/${failed!.id}/replay`)).statusCode).toBe(409);

    receiver.respond = (_index, response) => response.end('back');
    expect((await request('PATCH', `/api/v0/webhooks/${webhook.id}`, { enabled: true })).statusCode).toBe(200);
    const replayed = await request('POST', `/api/v0/webhooks/${webhook.id}/deliveries/${failed!.id}/replay`);
    expect(replayed.statusCode).toBe(202);
    expect(replayed.json().delivery).toMatchObject({ id: failed!.id, status: 'pending' });
    expect(await pass()).toBe(1);
    expect(receiver.received).toHaveLength(sent + 1);
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(failed!.id);
    expect(verify(secret, sent).type).toBe('controls.changed');
    expect((await deliveries(webhook.id)).find((delivery) => delivery.id === failed!.id)).toMatchObject({ status: 'succeeded', attempts: failed!.attempts + 1 });
  });

  it('replays a delivered event with the same webhook-id', async () => {
    const { webhook, secret } = await createEndpoint({ eventTypes: ['controls.changed'] });
    await changeControls();
    await pass();
    const [delivery] = await deliveries(webhook.id);
    expect(delivery!.status).toBe('succeeded');
    expect((await request('POST', `/api/v0/webhooks/${webhook.id}/deliveries/${delivery!.id}/replay`)).statusCode).toBe(202);
    expect((await request('POST', `/api/v0/webhooks/${webhook.id}/deliveries/msg_nope/replay`)).statusCode).toBe(404);
    await pass();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received.map((got) => got.headers['webhook-id'])).toEqual([delivery!.id, delivery!.id]);
    expect(verify(secret, 1)).toEqual(verify(secret, 0));
    expect((await attempts(webhook.id)).map((row) => row.attempt)).toEqual([2, 1]);
  });

  it('sends a test event to the one endpoint asked, whatever it subscribes to', async () => {
    const { webhook, secret } = await createEndpoint({ eventTypes: ['member.limit_refused'] });
    const bystander = await createEndpoint();
    const test = await request('POST', `/api/v0/webhooks/${webhook.id}/test`);
    expect(test.statusCode).toBe(202);
    expect(test.json().delivery).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0 });
    await pass();
    expect(receiver.received).toHaveLength(1);
    expect(verify(secret, 0)).toMatchObject({ type: 'webhook.test', data: { webhookId: webhook.id, organizationId: org.id } });
    expect(await deliveries(bystander.webhook.id)).toEqual([]);
  });

  it('sends Slack endpoints a message with text and blocks, still signed', async () => {
    const { secret } = await createEndpoint({ format: 'slack', eventTypes: ['controls.changed'] });
    await changeControls();
    await pass();
    const body = verify(secret, 0);
    expect(Object.keys(body).sort()).toEqual(['blocks', 'text']);
    expect(body.text).toMatch(/^Enterprise controls changed: revision \d+ by user /);
    expect(body.blocks[0]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: body.text } });
  });

  it('keeps a bounded excerpt of a large answer', async () => {
    const { webhook } = await createEndpoint();
    receiver.respond = (_index, response) => response.end('x'.repeat(1024 * 1024));
    await request('POST', `/api/v0/webhooks/${webhook.id}/test`);
    await pass();
    const [logged] = await attempts(webhook.id);
    expect(logged).toMatchObject({ statusCode: 200, succeeded: true });
    expect(logged!.responseExcerpt).toBe('x'.repeat(1024));
  });

  it('takes back a delivery whose replica died mid-attempt once its lease lapses, as the next attempt', async () => {
    const { webhook } = await createEndpoint();
    await request('POST', `/api/v0/webhooks/${webhook.id}/test`);
    const now = new Date(Date.now() + 1000);
    await fanOutEvents(server.store.db, now);
    // A replica takes it and dies before sending.
    const lease = new Date(now.getTime() + 40_000);
    expect(await claimDueDeliveries(server.store.db, now, lease, 16, webhookDeliveryOptions(server.app.services).limits)).toHaveLength(1);
    expect(await pass(new Date(lease.getTime() - 1))).toBe(0);
    expect(await pass(lease)).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect((await attempts(webhook.id)).map((row) => [row.attempt, row.succeeded])).toEqual([[2, true]]);
    expect((await deliveries(webhook.id))[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('forgets settled deliveries, their log and their events after 30 days, keeping pending ones', async () => {
    const settled = await createEndpoint();
    const waiting = await createEndpoint();
    const sent = (await request('POST', `/api/v0/webhooks/${settled.webhook.id}/test`)).json().delivery;
    await pass();
    const held = (await request('POST', `/api/v0/webhooks/${waiting.webhook.id}/test`)).json().delivery;
    await request('PATCH', `/api/v0/webhooks/${waiting.webhook.id}`, { enabled: false });
    const { db } = server.store;
    const exists = async (table: 'webhook_deliveries' | 'webhook_events', id: string) => (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    await deleteOldWebhookHistory(db, new Date(Date.now() + 29 * 86_400_000));
    expect(await exists('webhook_deliveries', sent.id)).toBe(true);
    await deleteOldWebhookHistory(db, new Date(Date.now() + 31 * 86_400_000));
    expect(await exists('webhook_deliveries', sent.id)).toBe(false);
    expect(await exists('webhook_events', sent.eventId)).toBe(false);
    expect(await attempts(settled.webhook.id)).toEqual([]);
    expect(await exists('webhook_deliveries', held.id)).toBe(true);
    expect(await exists('webhook_events', held.eventId)).toBe(true);
  });

  it('makes no attempt twice when replicas pass at the same time', async () => {
    const { webhook } = await createEndpoint({ eventTypes: ['member.invited'] });
    receiver.respond = (_index, response) => setTimeout(() => response.end('slow'), 100);
    const replica = server.store.kind === 'postgres' ? await openStore(server.config, { migrate: false }) : undefined;
    try {
      for (let i = 0; i < 20; i += 1) await request('POST', '/api/v0/organization/users', { email: `invitee-${i}-${Math.random()}@example.test`, role: 'member' });
      const now = new Date();
      const limits = { perEndpoint: 20, perOrganization: 20 };
      const replicaOptions = replica ? { db: replica.db, limits } : { limits };
      // The fan-out races first, then the attempts: a pass whose claim runs before another
      // pass's fan-out commits finds nothing due, so racing both at once would leave deliveries
      // to a later pass and count fewer than 20. The endpoint's in-flight limit is raised to 20:
      // this is about the leases, not the limits (test/webhooks/fairness.test.ts).
      const fannedOut = await Promise.all([fanOutEvents(server.store.db, now), fanOutEvents(replica?.db ?? server.store.db, now)]);
      expect(fannedOut.reduce((sum, count) => sum + count, 0)).toBe(20);
      const made = await Promise.all([pass(now, { limits }), pass(now, replicaOptions), pass(now, { limits }), pass(now, replicaOptions)]);
      expect(made.reduce((sum, count) => sum + count, 0)).toBe(20);
      const ids = receiver.received.map((got) => got.headers['webhook-id']);
      expect(new Set(ids).size).toBe(20);
      expect(ids).toHaveLength(20);
      expect((await deliveries(webhook.id)).every((delivery) => delivery.status === 'succeeded' && delivery.attempts === 1)).toBe(true);
    } finally {
      await replica?.close();
    }
  });
});
