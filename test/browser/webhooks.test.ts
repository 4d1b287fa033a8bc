import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, screenshotAndScan, sharedChromium } from '../helpers/browser.js';
import type { BuiltServer } from '../helpers/built-console.js';
import { type ConsoleServer, createOrganization, phonePage, signedInPage, startConsoleServer } from '../helpers/console-server.js';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from '../helpers/webhook-receiver.js';

// Webhooks from the console, in headless Chromium against the built server and a real receiver on
// loopback: an owner adds an endpoint, copies its secret, sends a test event the receiver verifies
// with a Standard Webhooks library, reads the delivery log, replays, disables and enables,
// rotates the secret and deletes the endpoint; a member is told who manages webhooks. Every screen
// scanned with axe, the list also at 390 px.

let running: ConsoleServer;
let server: BuiltServer;
let receiver: WebhookReceiver;
let ownerKey: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let shots: string;

const check = (name: string, on: Page = page) => screenshotAndScan(on, shots, name);

beforeAll(async () => {
  shots = await mkdtemp(join(tmpdir(), 'qd-webhooks-screenshots-'));
  console.log(`webhooks screenshots: ${shots}`);
  receiver = await startWebhookReceiver();
  // Loopback receivers need WEBHOOK_ALLOW_PRIVATE; a short pass interval keeps the test quick.
  running = await startConsoleServer({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_INTERVAL_MS: '200' });
  server = running.server;
  const { inviteUrl, apiKey } = await createOrganization(running, 'Webhooks Org', 'owner@webhooks.test');
  ownerKey = apiKey;
  browser = await sharedChromium();
  ({ context, page } = await signedInPage(browser, inviteUrl));
}, 300_000);

afterAll(async () => {
  await closeContexts(browser);
  await running?.close();
  await receiver?.close();
});

/** The requests the receiver got so far, once there are `count` of them. */
async function receivedRequests(count: number): Promise<ReceivedRequest[]> {
  await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  return receiver.received;
}

function verified(secret: string, request: ReceivedRequest): { type: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
}

async function rowAction(action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${receiver.url}/hooks` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function shownSecret(): Promise<string> {
  const secret = await page.getByLabel('Signing secret', { exact: true }).textContent();
  expect(secret).toMatch(/^whsec_/);
  return secret!;
}

describe('webhooks from the console', () => {
  let secret: string;

  it('adds an endpoint for chosen events and shows its secret once', async () => {
    await page.goto(`${server.url}/settings/webhooks`);
    await page.getByText('No endpoints yet').waitFor();
    await check('01-webhooks-empty');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByLabel('URL').fill(`${receiver.url}/hooks`);
    await page.getByLabel('Description').fill('Operations channel');
    await page.getByLabel('Every event type, including types added later').click();
    await page.getByLabel('member.invited').click();
    await check('02-add-endpoint');
    await page.getByRole('button', { name: 'Add endpoint' }).last().click();
    secret = await shownSecret();
    await check('03-secret');
    await page.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row', { name: new RegExp(`${receiver.url}/hooks`) });
    await expect.poll(() => row.textContent()).toContain('Enabled');
    expect(await row.textContent()).toContain('Operations channel');
    // member.invited was unchecked: the endpoint has the three other types.
    const listed = (await (await fetch(`${server.url}/api/v0/webhooks`, { headers: { authorization: `Bearer ${ownerKey}` } })).json()) as { webhooks: { eventTypes: string[] }[] };
    expect(listed.webhooks[0]!.eventTypes).not.toContain('member.invited');
    expect(listed.webhooks[0]!.eventTypes).toContain('controls.changed');
  }, 60_000);

  it('refuses a URL the server will not deliver to, with the reason', async () => {
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByLabel('URL').fill('ftp://example.com/hooks');
    const [refused] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/v0/webhooks') && response.request().method() === 'POST'),
      page.getByRole('button', { name: 'Add endpoint' }).last().click(),
    ]);
    expect(refused.status()).toBe(400);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/http/i);
    // The error names the request, as the server's logs do.
    expect(await page.getByTestId('request-id').textContent()).toBe(((await refused.json()) as { requestId: string }).requestId);
    await page.getByRole('button', { name: 'Cancel' }).click();
  }, 30_000);

  it('sends a test event the receiver verifies, and shows it in the delivery log', async () => {
    await rowAction('Send test event');
    await page.getByText('Test event queued').waitFor();
    const [first] = await receivedRequests(1);
    expect(verified(secret, first!).type).toBe('webhook.test');
    await rowAction('Deliveries');
    const dialog = page.getByRole('dialog', { name: `Deliveries to ${receiver.url}/hooks` });
    await dialog.getByText('Delivered').first().waitFor({ timeout: 15_000 });
    await dialog.getByRole('cell', { name: '200' }).first().waitFor({ timeout: 15_000 });
    await check('04-delivery-log');
    await dialog.getByRole('button', { name: /^Replay webhook\.test delivery/ }).click();
    const requests = await receivedRequests(2);
    // A replay is the same delivery: the same webhook-id, a valid signature.
    expect(requests[1]!.headers['webhook-id']).toBe(requests[0]!.headers['webhook-id']);
    expect(verified(secret, requests[1]!).type).toBe('webhook.test');
    await dialog.getByRole('button', { name: 'Close' }).click();
  }, 60_000);

  it('disables and enables the endpoint', async () => {
    await rowAction('Disable');
    const row = page.getByRole('row', { name: new RegExp(`${receiver.url}/hooks`) });
    await expect.poll(() => row.textContent()).toContain('Disabled');
    expect(await row.textContent()).toMatch(/disabled by user/i);
    await check('05-disabled');
    await page.getByRole('button', { name: `Actions for ${receiver.url}/hooks` }).click();
    expect(await page.getByRole('menuitem', { name: 'Send test event' }).isDisabled()).toBe(true);
    await page.getByRole('menuitem', { name: 'Enable' }).click();
    await expect.poll(() => row.textContent()).toContain('Enabled');
  }, 30_000);

  it('rotates the secret: the next event is signed with the new one only', async () => {
    await rowAction('Rotate secret');
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = await shownSecret();
    expect(rotated).not.toBe(secret);
    await page.getByRole('button', { name: 'Done' }).click();
    const before = receiver.received.length;
    await rowAction('Send test event');
    const requests = await receivedRequests(before + 1);
    const latest = requests[before]!;
    expect(verified(rotated, latest).type).toBe('webhook.test');
    expect(() => verified(secret, latest)).toThrow();
  }, 60_000);

  it('edits the endpoint', async () => {
    await rowAction('Edit');
    await page.getByLabel('Description').fill('Platform team');
    await page.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row', { name: new RegExp(`${receiver.url}/hooks`) });
    await expect.poll(() => row.textContent()).toContain('Platform team');
  }, 30_000);

  it('fits a 390 px screen', async () => {
    const { context: phone, page: mobile } = await phonePage(browser, context);
    await mobile.goto(`${server.url}/settings/webhooks`);
    await mobile.getByRole('button', { name: `Actions for ${receiver.url}/hooks` }).waitFor();
    expect(await mobile.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await check('06-webhooks-390', mobile);
    await phone.close();
  }, 30_000);

  it('tells a member that owners and managers manage webhooks', async () => {
    const added = await fetch(`${server.url}/api/v0/organization/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ownerKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'member@webhooks.test', role: 'member' }),
    });
    expect(added.status).toBe(201);
    const { inviteUrl } = (await added.json()) as { inviteUrl: string };
    const { context: memberContext, page: memberPage } = await signedInPage(browser, inviteUrl);
    expect(await memberPage.getByRole('link', { name: 'Webhooks' }).count()).toBe(0);
    await memberPage.goto(`${server.url}/settings/webhooks`);
    await memberPage.getByText('Webhooks are managed by owners and managers').waitFor();
    expect(await memberPage.getByText(receiver.url).count()).toBe(0);
    await check('07-member', memberPage);
    await memberContext.close();
  }, 60_000);

  it('deletes the endpoint', async () => {
    await rowAction('Delete');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No endpoints yet').waitFor();
    const listed = (await (await fetch(`${server.url}/api/v0/webhooks`, { headers: { authorization: `Bearer ${ownerKey}` } })).json()) as { webhooks: unknown[] };
    expect(listed.webhooks).toEqual([]);
  }, 30_000);
});
