import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, screenshotAndScan, sharedChromium } from '../helpers/browser.js';
import { createOrganization, signedInPage, startConsoleServer, type ConsoleServer } from '../helpers/console-server.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { startTestProvider, type TestProvider } from '../helpers/oidc-provider.js';

// Single sign-on in headless Chromium against the built server and a real OpenID Provider on
// loopback: the owner sets it up on Settings → Single sign-on (the form's own checks first),
// then a new person types their e-mail on the sign-in page, signs in at the provider, and lands
// in the console as a member of the team of their group. Every page: axe and a screenshot.

const DOMAIN = 'sso-browser.test';
let running: ConsoleServer;
let provider: TestProvider;
let dns: TestDnsServer;
let browser: Browser;
let shots: string;
let ownerKey: string;
let inviteUrl: string;
let teamId: string;

const api = (method: string, path: string, body?: unknown) =>
  fetch(`${running.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${ownerKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  dns = await startDnsServer();
  running = await startConsoleServer({ RATE_LIMIT_PER_MINUTE: '1000000', SSO_ALLOW_PRIVATE_ISSUERS: 'true', SSO_DNS_SERVERS: dns.address });
  const url = running.server.url;
  provider = await startTestProvider({ redirectUris: [`${url}/api/v0/auth/sso/callback`], postLogoutRedirectUris: [`${url}/sign-in`] });
  ({ apiKey: ownerKey, inviteUrl } = await createOrganization(running, 'SSO Browser Org', `owner@${DOMAIN}`));
  teamId = ((await (await api('POST', '/api/v0/teams', { name: 'Platform' })).json()) as { team: { id: string } }).team.id;
  shots = await mkdtemp(join(tmpdir(), 'qd-sso-screenshots-'));
  console.log(`sso screenshots: ${shots}`);
  browser = await sharedChromium();
});
afterAll(async () => {
  await closeContexts(browser);
  await running?.close();
  await provider?.close();
  await dns?.close();
});

describe('single sign-on in the console', () => {
  it('an owner sets it up on the settings page', { timeout: 120_000 }, async () => {
    const { context, page } = await signedInPage(browser, inviteUrl);
    await page.goto(`${running.server.url}/settings/sso`);
    await page.getByRole('heading', { name: 'Single sign-on' }).first().waitFor();
    expect(await page.getByLabel('Redirect URI', { exact: true }).textContent()).toBe(`${running.server.url}/api/v0/auth/sso/callback`);
    await screenshotAndScan(page, shots, '01-sso-settings-empty');

    // The form's checks come before the server's.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter the issuer URL of your identity provider').first().waitFor();
    await page.getByLabel('Issuer URL').fill('http://idp.example.com');
    await page.getByRole('switch', { name: 'Require single sign-on (refuse passwords)' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The issuer must be an https URL').first().waitFor();
    await page.getByText('Choose the owner who may still use a password').first().waitFor();
    await screenshotAndScan(page, shots, '02-sso-settings-errors');
    await page.getByRole('switch', { name: 'Require single sign-on (refuse passwords)' }).uncheck();

    await page.getByLabel('Issuer URL').fill(provider.issuer);
    await page.getByLabel('Client ID').fill(provider.clientId);
    await page.getByLabel('Client secret').fill(provider.clientSecret);
    await page.getByLabel('Allowed e-mail domains').fill(DOMAIN);
    await page.getByRole('switch', { name: 'Create people on their first sign-in (just in time)' }).check();
    await page.getByRole('button', { name: 'Add a group' }).last().click();
    await page.getByRole('textbox', { name: 'Group 1 (team)', exact: true }).fill('platform-engineers');
    await page.getByLabel('Team for group 1', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Platform' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your identity provider answered its discovery document').first().waitFor();
    await expect.poll(() => page.getByText(`Stored (****${provider.clientSecret.slice(-4)}); leave empty to keep it`).isVisible()).toBe(true);
    await screenshotAndScan(page, shots, '03-sso-settings-saved');
    const stored = (await (await api('GET', '/api/v0/organization/sso')).json()) as { sso: { groupTeams: Record<string, string>; jitEnabled: boolean } };
    expect(stored.sso).toMatchObject({ jitEnabled: true, groupTeams: { 'platform-engineers': teamId } });
    // The domain sends people to the provider once proved by its DNS (docs/sso.md "Proving a domain").
    const { domains } = (await (await api('GET', '/api/v0/organization/sso/domains')).json()) as { domains: { record: { name: string; value: string } }[] };
    dns.publishTxt(domains[0]!.record.name, domains[0]!.record.value);
    expect((await api('POST', `/api/v0/organization/sso/domains/${DOMAIN}/verify`)).status).toBe(200);
    await context.close();
  });

  it('a new person signs in through the provider and lands in the team of their group', { timeout: 120_000 }, async () => {
    const email = `newcomer@${DOMAIN}`;
    provider.accounts.set(email, { email, name: 'New Comer', groups: ['platform-engineers'] });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${running.server.url}/sign-in`);
    await screenshotAndScan(page, shots, '04-sign-in-email-first');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${provider.issuer}/interaction/**`).catch(async (error: unknown) => {
      throw new Error(`still at ${page.url()}: ${(error as Error).message}`);
    });
    await page.getByRole('button', { name: 'Sign in at the provider' }).click();
    await page.waitForURL(`${running.server.url}/settings/api-keys`);
    const session = (await (await page.request.get(`${running.server.url}/api/v0/auth/session`)).json()) as { user: { email: string; role: string } };
    expect(session.user).toMatchObject({ email, role: 'member' });
    await page.getByRole('heading', { name: 'API keys' }).first().waitFor();
    await screenshotAndScan(page, shots, '05-signed-in-through-sso');
    const members = (await (await api('GET', `/api/v0/teams/${teamId}/members`)).json()) as { members: { email: string; role: string }[] };
    expect(members.members).toEqual([expect.objectContaining({ email, role: 'member' })]);
    await context.close();
  });

  it('an e-mail without single sign-on goes on to the password step; a refused sign-in says why', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${running.server.url}/sign-in`);
    await page.getByLabel('E-mail').fill('someone@elsewhere.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Password' }).waitFor();
    await screenshotAndScan(page, shots, '06-sign-in-password-step');
    await page.goto(`${running.server.url}/sign-in?sso_error=domain`);
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 }).toContain('Your e-mail domain is not allowed to sign in to this organization.');
    await screenshotAndScan(page, shots, '07-sign-in-sso-refused');
    await context.close();
  });
});
