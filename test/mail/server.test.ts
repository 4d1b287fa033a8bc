import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { freePort } from '../helpers/built-console.js';
import { bootstrapOrganization, launchedServers, launchedStore } from '../helpers/server-process.js';
import { startSmtpReceiver } from './smtp-receiver.js';

// The mail job as the server runs it, from outside: a real server process with SMTP_URL set
// disables a webhook endpoint that never answers, and its owner gets the one mail about it.

const ADMIN_TOKEN = `mail-server-${randomBytes(12).toString('hex')}`;
const { cleanup, launch } = launchedServers();

describe('the server with SMTP_URL', () => {
  it('mails the owner once when a failing webhook endpoint is disabled', async () => {
    const receiver = await startSmtpReceiver();
    cleanup.push(() => receiver.stop());
    const [port, deadPort] = [await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      PORT: String(port), HOST: '127.0.0.1', ADMIN_TOKEN, LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '10000000', REDIS_URL: '', PUBLIC_APP_URL: 'https://qd.example.test',
      WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_INTERVAL_MS: '100', WEBHOOK_RETRY_BASE_MS: '100', WEBHOOK_RETRY_WINDOW_MS: '1000',
      SMTP_URL: receiver.url, MAIL_FROM: 'quarterdeck@example.test', MAIL_INTERVAL_MS: '100',
      ...(await launchedStore(cleanup)),
    };
    const server = launch(env);
    await server.listening;
    const ownerEmail = `owner-${randomBytes(3).toString('hex')}@mail-server.test`;
    const headers = { authorization: `Bearer ${await bootstrapOrganization(base, ADMIN_TOKEN, ownerEmail)}`, 'content-type': 'application/json' };
    const created = await fetch(`${base}/api/v0/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: `http://127.0.0.1:${deadPort}/hook` }) });
    expect(created.status).toBe(201);
    const { webhook } = (await created.json()) as { webhook: { id: string } };
    expect((await fetch(`${base}/api/v0/webhooks/${webhook.id}/test`, { method: 'POST', headers })).status).toBe(202);

    for (let waited = 0; receiver.received.length === 0 && waited < 15_000; waited += 100) await sleep(100);
    await sleep(500);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({ to: ownerEmail, subject: `Quarterdeck: webhook ${webhook.id} was disabled` });
    expect(receiver.received[0]!.text).toContain('Open Quarterdeck: https://qd.example.test/');
  }, 60_000);
});
