import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, screenshotAndScan, sharedChromium } from '../helpers/browser.js';
import { CONSOLE_PASSWORD, setPasswordAndSignIn } from '../helpers/console-server.js';
import { startBuiltServer, type BuiltServer } from '../helpers/built-console.js';
import { scratchDatabase } from '../helpers/server.js';

// The console end to end, in headless Chromium against the built server on a fresh store:
// bootstrap → invitation → password → sign in → create a key → it works → revoke → 401; a member
// sees only its keys and no members page; sign-out ends the session. Every page passes an axe
// scan (no serious or critical violations) and is photographed into a printed folder.


let server: BuiltServer;
let browser: Browser;
let dataDir: string;
let shots: string;
let dropDatabase: (() => Promise<void>) | undefined;
const adminToken = `qda_${randomBytes(24).toString('hex')}`;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'qd-console-data-'));
  shots = await mkdtemp(join(tmpdir(), 'qd-console-screenshots-'));
  console.log(`console screenshots: ${shots}`);
  const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_TOKEN: adminToken, DATABASE_URL: '', REDIS_URL: '' };
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL);
    dropDatabase = scratch.drop;
    Object.assign(env, { DATABASE_URL: scratch.url, REDIS_URL: process.env.TEST_REDIS_URL ?? '' });
  }
  server = await startBuiltServer(env);
  browser = await sharedChromium();
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await server?.stop();
  await dropDatabase?.();
  await rm(dataDir, { recursive: true, force: true });
});

/** Photographs the page and fails on serious or critical accessibility violations. */
function check(page: Page, name: string): Promise<void> {
  return screenshotAndScan(page, shots, name);
}

async function bootstrap(): Promise<{ apiKey: string; inviteUrl: string; ownerEmail: string }> {
  const ownerEmail = 'owner@console.test';
  const response = await fetch(`${server.url}/admin/v1/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Console Org', ownerEmail }),
  });
  expect(response.status).toBe(201);
  return { ...((await response.json()) as { apiKey: string; inviteUrl: string }), ownerEmail };
}

const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

/** Accepts the invitation: owners and managers land on the dashboard, members on their API keys. */
async function setPassword(page: Page, inviteUrl: string, name: string, landing: 'dashboard' | 'api-keys' = 'api-keys'): Promise<void> {
  await page.goto(inviteUrl);
  await page.getByRole('heading', { name: 'Welcome to Quarterdeck' }).waitFor();
  await check(page, name);
  await setPasswordAndSignIn(page);
  if (landing === 'dashboard') {
    await page.waitForURL((url) => url.pathname === '/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
  } else {
    await page.waitForURL('**/settings/api-keys');
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
  }
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'You are signed out' }).waitFor();
}

describe('the web console in Chromium', () => {
  it('walks an owner from the invitation to a working, then revoked, API key; a member sees only its own keys', async () => {
    // A fresh store: the server printed its one-time setup link.
    await expect.poll(() => server.stdout(), { timeout: 10_000 }).toMatch(/\/setup\/qdsetup_[\w-]{43}/);
    const setupUrl = /(http:\/\/\S+\/setup\/qdsetup_[\w-]{43})/.exec(server.stdout())![1]!;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(setupUrl);
    await page.getByRole('heading', { name: 'Set up Quarterdeck' }).waitFor();
    await check(page, '01-setup');

    const { apiKey: bootstrapKey, inviteUrl, ownerEmail } = await bootstrap();
    await setPassword(page, inviteUrl, '02-invitation', 'dashboard');

    await signOut(page);
    await check(page, '03-signed-out');
    await page.goto(`${server.url}/settings/api-keys`);
    await page.waitForURL('**/sign-in');
    await page.getByLabel('E-mail').fill(ownerEmail);
    // E-mail first: no single sign-on for this domain, so the password step follows.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Password' }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('wrong e-mail or password').waitFor();
    await check(page, '04-sign-in-error');
    await page.getByRole('textbox', { name: 'Password' }).fill(CONSOLE_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/settings/api-keys');
    await page.getByRole('cell', { name: 'bootstrap', exact: true }).waitFor();
    await check(page, '05-api-keys-owner');

    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByLabel('Name').fill('browser key');
    await page.getByLabel('Expires').selectOption('30');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByLabel('API key', { exact: true }).textContent())!.trim();
    expect(secret).toMatch(/^qd_[\w-]{43}$/);
    await expect.poll(() => page.getByLabel('Try it', { exact: true }).textContent()).toContain(`Bearer ${secret}`);
    await check(page, '06-key-created');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const works = await fetch(`${server.url}/api/v0/organization/users`, bearer(secret));
    expect(works.status).toBe(200);

    await page.getByRole('button', { name: /^Revoke key browser key/ }).click();
    await check(page, '07-revoke-confirm');
    await page.getByRole('button', { name: 'Revoke key', exact: true }).click();
    await page.getByRole('cell', { name: 'browser key', exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await fetch(`${server.url}/api/v0/organization/users`, bearer(secret))).status).toBe(401);
    expect((await fetch(`${server.url}/api/v0/organization/users`, bearer(bootstrapKey))).status).toBe(200);

    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByRole('heading', { name: 'Members' }).waitFor();
    await page.getByRole('button', { name: 'Invite member' }).click();
    await page.getByLabel('E-mail').fill('member@console.test');
    await page.getByLabel('Name', { exact: true }).fill('Mia Member');
    await page.getByLabel('Role', { exact: true }).selectOption('member');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const memberInvite = (await page.getByLabel('Invitation link', { exact: true }).textContent())!.trim();
    expect(memberInvite).toMatch(/\/invite\/qdi_/);
    await check(page, '08-member-invited');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByText('Mia Member', { exact: true }).waitFor();
    await check(page, '09-members');

    // Sign-out ends the session on the server, not only in this tab.
    const ownerCookie = (await context.cookies()).find((cookie) => cookie.name === 'qd_session')!;
    expect(ownerCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const ownerSession = () => fetch(`${server.url}/api/v0/auth/session`, { headers: { cookie: `qd_session=${ownerCookie.value}` } });
    // Opened directly (a link on another site, a typed address), /sign-out asks and signs no one out.
    await page.goto(`${server.url}/sign-out`);
    await page.getByText('Sign out of the console on this browser?').waitFor();
    await check(page, '09b-sign-out-asks');
    expect((await ownerSession()).status).toBe(200);
    await page.goto(`${server.url}/settings/members`);
    await page.getByRole('heading', { name: 'Members' }).waitFor();
    await signOut(page);
    expect((await ownerSession()).status).toBe(401);
    await context.close();

    // The member, on a phone-sized screen.
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, reducedMotion: 'reduce' });
    const mobile = await phone.newPage();
    await setPassword(mobile, memberInvite, '10-invitation-phone');
    // Invited from the console, the member has no key until they make one (and sees no one else's).
    await mobile.getByText('No API keys yet', { exact: true }).waitFor();
    expect(await mobile.getByText('bootstrap', { exact: true }).count()).toBe(0);
    expect(await mobile.getByRole('link', { name: 'Members' }).count()).toBe(0);
    expect(await mobile.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await check(mobile, '11-api-keys-member-phone');
    await mobile.getByRole('button', { name: /^Account:/ }).click();
    await mobile.getByText('Console Org').waitFor();
    await check(mobile, '12-account-menu-phone');
    await mobile.keyboard.press('Escape');
    await mobile.goto(`${server.url}/settings/members`);
    await mobile.getByText('Members are managed by owners and managers').waitFor();
    await check(mobile, '13-members-refused-member');
    await phone.close();
  }, 180_000);
});
