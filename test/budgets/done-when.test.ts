import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { freePort } from '../helpers/built-console.js';
import { bootstrapOrganization, launchedServers, launchedStore } from '../helpers/server-process.js';
import { startWebhookReceiver, type ReceivedRequest } from '../helpers/webhook-receiver.js';
import { cli, tempDir } from '../hooks/helpers.js';
import { startSmtpReceiver } from '../mail/smtp-receiver.js';

// Issue 26's "Done when", end to end with real parts only: a server process running its own
// budget check, webhook delivery and mail jobs; a receiver on loopback that is down for the first
// attempts and verifies with a Standard Webhooks library; a real SMTP server; and the member's
// prompt-submit hook as the agent runs it (a process fed the UserPromptSubmit payload).

const ADMIN_TOKEN = `done-when-${randomBytes(12).toString('hex')}`;
/** Every job of the server runs this often. */
const INTERVAL_MS = 200;
/** Priced by default at the dataset's list price (docs/prices.md): $3 per million input tokens. */
const MODEL = 'claude-sonnet-4-5';
const MEMBER_LIMIT = 1_000_000;

const { cleanup, launch } = launchedServers();

/** Polls `read` until `done` holds of its answer; fails with the last answer after `timeoutMs`. */
async function until<T>(what: string, read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(50);
  }
}

describe('issue 26, done when', () => {
  it('warns past 80 % of the organization budget by one signed webhook after retries and one mail each, and the hook warns then blocks the member', async () => {
    const smtp = await startSmtpReceiver();
    cleanup.push(() => smtp.stop());
    const receiver = await startWebhookReceiver();
    cleanup.push(() => receiver.close());
    const caches = await tempDir();
    cleanup.push(() => caches.remove());
    // The receiver answers 200 until it is taken down for a number of requests (503 to each).
    let downFor = 0;
    const answered: number[] = [];
    receiver.respond = (index, response) => {
      answered[index] = downFor > 0 ? 503 : 200;
      if (downFor > 0) downFor -= 1;
      response.writeHead(answered[index]!).end();
    };

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = launch({
      PORT: String(port), HOST: '127.0.0.1', ADMIN_TOKEN, LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '10000000', REDIS_URL: '', PUBLIC_APP_URL: 'https://qd.example.test',
      BUDGET_CHECK_INTERVAL_MS: String(INTERVAL_MS),
      WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_INTERVAL_MS: String(INTERVAL_MS), WEBHOOK_RETRY_BASE_MS: '100',
      SMTP_URL: smtp.url, MAIL_FROM: 'quarterdeck@example.test', MAIL_INTERVAL_MS: String(INTERVAL_MS),
      ...(await launchedStore(cleanup)),
    });
    await server.listening;

    const api = async (key: string, method: string, path: string, body?: object, status = 200) => {
      const response = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
      const text = await response.text();
      expect(response.status, `${method} ${path}: ${text}`).toBe(status);
      return text ? JSON.parse(text) : undefined;
    };
    const suffix = randomBytes(3).toString('hex');
    const ownerEmail = `owner-${suffix}@done-when.test`;
    const ownerKey = await bootstrapOrganization(url, ADMIN_TOKEN, ownerEmail);
    const addUser = async (name: string, role: string) => {
      const email = `${name}-${suffix}@done-when.test`;
      const { user, apiKey } = await api(ownerKey, 'POST', '/api/v0/organization/users', { email, role }, 201);
      return { id: user.id as string, email, key: apiKey as string };
    };
    const manager = await addUser('manager', 'manager');
    const member = await addUser('member', 'member');
    const colleague = await addUser('colleague', 'member');

    // Model calls as each person's agent reports them, with their own key.
    let sequence = 0;
    const use = (key: string, tokens: number) =>
      api(key, 'POST', '/api/v1/telemetry/events', {
        events: [{ id: `done-when-${(sequence += 1)}`, type: 'model_call', timestamp: new Date(Date.now() - 1000).toISOString(), sessionId: 'session-1', client: 'terminal-ui', modelId: MODEL, modelTier: 'standard', inputTokens: tokens, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 }],
      }, 202);
    // $10.50 this month: the member at 50 % of the limit they get below.
    await use(ownerKey, 1_000_000);
    await use(manager.key, 1_500_000);
    await use(member.key, 500_000);
    await use(colleague.key, 500_000);

    const { secret, webhook } = await api(ownerKey, 'POST', '/api/v0/webhooks', { url: `${receiver.url}/quarterdeck`, eventTypes: ['budget.threshold_crossed', 'member.limit_reached'] }, 201);
    await api(ownerKey, 'PUT', '/api/v0/organization/usage/limits/users', { users: [{ email: member.email, limit: MEMBER_LIMIT }] });
    // Just above the spend: 70 % of it is spent, so 50 % is crossed at once and 80 % is not.
    const { budget } = await api(ownerKey, 'POST', '/api/v0/budgets', { scope: 'organization', unit: 'money', amount: 15 }, 201);
    expect(budget).toMatchObject({ spent: 10.5, percent: 70, thresholdsReached: [50], currency: 'USD' });

    const signer = new Webhook(secret);
    const verified = (request: ReceivedRequest) => signer.verify(request.body, request.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
    const requestsFor = (type: string, match: Record<string, unknown>) => receiver.received.map((request, index) => ({ index, id: request.headers['webhook-id'], event: verified(request) })).filter(({ event }) => event.type === type && Object.entries(match).every(([key, value]) => event.data[key] === value));
    await until('the 50 % crossing', () => requestsFor('budget.threshold_crossed', { threshold: 50 }), (found) => found.length === 1);

    // The hook as the member's agent runs it before a prompt: a fresh cache each time, like a
    // first prompt (the cache would otherwise answer for 45 s).
    let runs = 0;
    const promptSubmitHook = () =>
      cli(['hooks', 'budget'], {
        stdin: JSON.stringify({ hook_event_name: 'UserPromptSubmit', session_id: 'session-1', cwd: caches.path, prompt: 'Refactor the billing module' }),
        env: { QUARTERDECK_URL: url, QUARTERDECK_API_KEY: member.key, XDG_CACHE_HOME: join(caches.path, `cache-${(runs += 1)}`) },
      });
    expect(await promptSubmitHook()).toEqual({ code: 0, stdout: '', stderr: '' });

    // The receiver goes down for two requests; new usage takes the budget past 80 % ($12.90 of
    // $15, 86 %) and the member to 80 % of their limit.
    downFor = 2;
    await use(member.key, 300_000);
    await use(colleague.key, 500_000);
    const month = new Date().toISOString().slice(0, 7);
    expect(await promptSubmitHook()).toEqual({ code: 0, stdout: `Quarterdeck: 80% of your monthly credit limit used; 200,000 of 1,000,000 Standard Credits left in ${month} (UTC).\n`, stderr: '' });

    const crossed80 = await until('the 80 % crossing delivered', () => requestsFor('budget.threshold_crossed', { threshold: 80 }), (found) => found.some(({ index }) => answered[index] === 200));
    expect(crossed80.map(({ index }) => answered[index])).toEqual([503, 503, 200]);
    expect(new Set(crossed80.map(({ id }) => id)).size).toBe(1);
    expect(crossed80[0]!.event.data).toMatchObject({ budgetId: budget.id, scope: 'organization', unit: 'money', currency: 'USD', amount: 15, threshold: 80, month, spent: 12.9 });
    // The server records an attempt once it has the receiver's answer: the last one may be
    // recorded a moment after the receiver answered it.
    const attemptsOf80 = async () => (await api(ownerKey, 'GET', `/api/v0/webhooks/${webhook.id}/attempts`)).attempts.filter((attempt: { deliveryId: string }) => attempt.deliveryId === crossed80[0]!.id);
    const attempts = await until('the 80 % crossing attempts recorded', attemptsOf80, (found) => found.length >= 3);
    expect(attempts.map((attempt: { statusCode: number }) => attempt.statusCode)).toEqual([200, 503, 503]);

    const subject80 = `Quarterdeck: 80% of the organization budget for ${month} is spent`;
    const mails80 = await until('the 80 % mails', () => smtp.received.filter((mail) => mail.subject === subject80), (mails) => mails.length >= 2);
    expect(mails80.map((mail) => mail.to).sort()).toEqual([manager.email, ownerEmail].sort());

    // More usage: the member reaches their limit, and the hook blocks the prompt.
    await use(member.key, 200_000);
    expect(await promptSubmitHook()).toEqual({ code: 2, stdout: '', stderr: `Quarterdeck: your monthly credit limit is reached (1,000,000 of 1,000,000 Standard Credits used in ${month}, UTC). New prompts are blocked until an owner or manager raises your limit or the month ends.\n` });
    const reached = await until('member.limit_reached', () => requestsFor('member.limit_reached', { userId: member.id }), (found) => found.length > 0);
    expect(reached[0]!.event.data).toMatchObject({ month, limit: MEMBER_LIMIT, used: MEMBER_LIMIT });
    const subjectReached = `Quarterdeck: you reached your monthly credit limit (${month})`;
    await until('the member\'s mail', () => smtp.received.filter((mail) => mail.subject === subjectReached), (mails) => mails.length > 0);
    // At 80 % of their limit the member was warned by mail too (75 %); 90 % was never seen below the limit.
    const subjectWarned = `Quarterdeck: 75% of your monthly credit limit is used (${month})`;
    await until('the member\'s warning mail', () => smtp.received.filter((mail) => mail.subject === subjectWarned), (mails) => mails.length > 0);

    // Nothing twice: limit_reached came from a check after the 80 % crossing was recorded; five
    // more intervals of every job change nothing.
    await sleep(5 * INTERVAL_MS);
    const thresholds = receiver.received.map(verified).filter((event) => event.type === 'budget.threshold_crossed').map((event) => event.data.threshold);
    expect(thresholds).toEqual([50, 80, 80, 80]);
    expect(requestsFor('member.limit_reached', {})).toHaveLength(1);
    expect(smtp.received.filter((mail) => mail.subject === subject80)).toHaveLength(2);
    expect(smtp.received.filter((mail) => mail.subject === subjectReached).map((mail) => mail.to)).toEqual([member.email]);
    expect(smtp.received.map((mail) => mail.subject).sort()).toEqual([
      `Quarterdeck: 50% of the organization budget for ${month} is spent`,
      `Quarterdeck: 50% of the organization budget for ${month} is spent`,
      subject80,
      subject80,
      subjectReached,
      subjectWarned,
    ].sort());
    expect(smtp.received.filter((mail) => mail.subject === subjectWarned).map((mail) => mail.to)).toEqual([member.email]);
  }, 60_000);
});
