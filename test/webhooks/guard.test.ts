import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { deliverWebhooks, webhookDeliveryOptions, type WebhookDeliveryOptions } from '../../src/jobs/webhook-delivery.js';
import { auth, createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

// The outbound guard (docs/webhooks.md): without WEBHOOK_ALLOW_PRIVATE, deliveries to loopback,
// private and link-local addresses, and to names resolving to them, are refused before a byte
// is sent; redirects are never followed; a receiver that does not answer times out. The endpoints
// are made on a server that allows private addresses (as an operator could have, before turning
// it off); the passes run with the guard on.

let server: TestServer;
let org: TestOrganization;
let receiver: WebhookReceiver;
let elsewhere: WebhookReceiver;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', WEBHOOK_ALLOW_PRIVATE: 'true' });
  org = await createOrganization(server);
  receiver = await startWebhookReceiver();
  elsewhere = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await elsewhere.close();
  await server.close();
});

/** Sends a test event to a new endpoint at `url` through one pass; answers the attempt logged. */
async function attemptTo(url: string, outbound: Partial<WebhookDeliveryOptions['outbound']>) {
  const headers = auth(org.owner.key);
  const created = await server.app.inject({ method: 'POST', url: '/api/v0/webhooks', headers, payload: { url } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().webhook.id as string;
  expect((await server.app.inject({ method: 'POST', url: `/api/v0/webhooks/${id}/test`, headers })).statusCode).toBe(202);
  const options = webhookDeliveryOptions(server.app.services);
  expect(await deliverWebhooks({ ...options, outbound: { ...options.outbound, ...outbound } })).toBe(1);
  const [attempt] = (await server.app.inject({ method: 'GET', url: `/api/v0/webhooks/${id}/attempts`, headers })).json().attempts;
  await server.app.inject({ method: 'DELETE', url: `/api/v0/webhooks/${id}`, headers });
  return attempt as { statusCode: number | null; succeeded: boolean; error: string | null };
}

describe('outbound guard', () => {
  it('refuses loopback, private and link-local addresses, and names that resolve to them', async () => {
    const port = new URL(receiver.url).port;
    const refused = {
      [`http://127.0.0.1:${port}/hook`]: '127.0.0.1 is not a public address',
      [`http://[::1]:${port}/hook`]: '::1 is not a public address',
      'http://10.20.30.40/hook': '10.20.30.40 is not a public address',
      'http://169.254.169.254/latest/meta-data': '169.254.169.254 is not a public address',
      'http://[::ffff:192.168.1.1]/hook': '::ffff:c0a8:101 is not a public address',
      // IPv4-compatible IPv6 (deprecated, RFC 4291): refused whatever the address it carries.
      [`http://[::127.0.0.1]:${port}/hook`]: '::7f00:1 is not a public address',
      'http://[::169.254.169.254]/latest/meta-data': '::a9fe:a9fe is not a public address',
      'http://[::8.8.8.8]/hook': '::808:808 is not a public address',
      [`http://localhost:${port}/hook`]: 'localhost resolves to',
    };
    for (const [url, error] of Object.entries(refused)) {
      const attempt = await attemptTo(url, { allowPrivate: false });
      expect(attempt, url).toMatchObject({ statusCode: null, succeeded: false });
      expect(attempt.error, url).toContain(error);
    }
    expect(receiver.received).toHaveLength(0);
    // The same receiver, allowed: it answers.
    expect(await attemptTo(`http://localhost:${port}/hook`, { allowPrivate: true })).toMatchObject({ statusCode: 200, succeeded: true });
    expect(receiver.received).toHaveLength(1);
  });

  it('never follows a redirect', async () => {
    receiver.respond = (_index, response: ServerResponse) => {
      response.writeHead(307, { location: `${elsewhere.url}/stolen` });
      response.end();
    };
    const attempt = await attemptTo(`${receiver.url}/moved`, { allowPrivate: true });
    expect(attempt).toMatchObject({ statusCode: 307, succeeded: false, error: `redirect to ${elsewhere.url}/stolen not followed` });
    expect(elsewhere.received).toHaveLength(0);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    receiver.respond = () => undefined;
    const started = Date.now();
    const attempt = await attemptTo(`${receiver.url}/silent`, { allowPrivate: true, timeoutMs: 300 });
    expect(attempt).toMatchObject({ statusCode: null, succeeded: false, error: 'no complete answer within 300 ms' });
    expect(Date.now() - started).toBeLessThan(5000);
    // An answer that starts and never ends is held to the same deadline.
    receiver.respond = (_index, response: ServerResponse) => {
      response.writeHead(200);
      response.write('partial');
    };
    expect(await attemptTo(`${receiver.url}/trickle`, { allowPrivate: true, timeoutMs: 300 })).toMatchObject({ statusCode: null, succeeded: false, error: 'no complete answer within 300 ms' });
  });

  it('is on unless the operator turns it off, and the settings are checked', () => {
    expect(loadConfig({}).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }).webhookAllowPrivate).toBe(true);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ WEBHOOK_RETRY_WINDOW_MS: '999' })).toThrow(ConfigError);
  });
});
