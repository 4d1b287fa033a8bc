import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, screenshotAndScan, sharedChromium } from '../helpers/browser.js';
import { type ConsoleServer, createOrganization, phonePage, signedInPage, startConsoleServer } from '../helpers/console-server.js';

// Settings → Provisioning in headless Chromium against the built server: an owner sees the SCIM
// base URL, creates a token (shown once, copied), which then works against /scim/v2, and revokes
// it. Every screen scanned with axe, the page also at 390 px.

let running: ConsoleServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let shots: string;
let ownerKey: string;

beforeAll(async () => {
  shots = await mkdtemp(join(tmpdir(), 'qd-provisioning-screenshots-'));
  console.log(`provisioning screenshots: ${shots}`);
  running = await startConsoleServer();
  const { inviteUrl, apiKey } = await createOrganization(running, 'Provisioning Org', 'owner@provisioning.test');
  ownerKey = apiKey;
  browser = await sharedChromium();
  ({ context, page } = await signedInPage(browser, inviteUrl));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: running.server.url });
}, 300_000);

afterAll(async () => {
  await closeContexts(browser);
  await running?.close();
});

describe('provisioning in the console', () => {
  it('shows the base URL, creates a token shown once, and revokes it', async () => {
    await page.getByRole('link', { name: 'Provisioning' }).waitFor();
    await page.goto(`${running.server.url}/settings/provisioning`);
    await page.getByText('No SCIM tokens yet').waitFor();
    const baseUrl = `${running.server.url}/scim/v2`;
    await expect(page.getByLabel('SCIM base URL', { exact: true }).textContent()).resolves.toBe(baseUrl);
    await screenshotAndScan(page, shots, '01-provisioning-empty');

    await page.getByRole('button', { name: 'Create SCIM token' }).click();
    await page.getByLabel('Name').fill('Okta production');
    await page.getByRole('button', { name: 'Create token' }).click();
    const secret = page.getByLabel('SCIM token', { exact: true });
    await secret.waitFor();
    const token = (await secret.textContent())!;
    expect(token).toMatch(/^qd_scim_/);
    await screenshotAndScan(page, shots, '02-token-created');
    await page.getByRole('button', { name: 'Copy scim token' }).click();
    await page.getByRole('button', { name: 'Copy scim token' }).getByText('Copied').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();

    // The token works for the provider, and the list shows it without its secret.
    const users = await fetch(`${baseUrl}/Users?count=1`, { headers: { authorization: `Bearer ${token}` } });
    expect(users.status).toBe(200);
    await page.getByRole('cell', { name: 'Okta production', exact: true }).waitFor();
    expect(await page.content()).not.toContain(token);
    await screenshotAndScan(page, shots, '03-token-listed');
    const phone = await phonePage(browser, context);
    await phone.page.goto(`${running.server.url}/settings/provisioning`);
    await phone.page.getByRole('cell', { name: 'Okta production', exact: true }).waitFor();
    await screenshotAndScan(phone.page, shots, '04-provisioning-phone');
    await phone.context.close();

    await page.getByRole('button', { name: /Revoke SCIM token Okta production/ }).click();
    await screenshotAndScan(page, shots, '05-revoke-confirm');
    await page.getByRole('button', { name: 'Revoke token' }).click();
    await page.getByText('No SCIM tokens yet').waitFor();
    expect((await fetch(`${baseUrl}/Users?count=1`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  }, 120_000);

  it('tells a manager that provisioning is for owners', async () => {
    const added = await fetch(`${running.server.url}/api/v0/organization/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ownerKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'manager@provisioning.test', role: 'manager' }),
    });
    expect(added.status).toBe(201);
    const manager = await signedInPage(browser, ((await added.json()) as { inviteUrl: string }).inviteUrl);
    expect(await manager.page.getByRole('link', { name: 'Provisioning' }).count()).toBe(0);
    await manager.page.goto(`${running.server.url}/settings/provisioning`);
    await manager.page.getByText('Provisioning is set up by owners').waitFor();
    await screenshotAndScan(manager.page, shots, '06-manager');
    await manager.context.close();
  }, 120_000);
});
