import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, screenshotAndScan, sharedChromium } from '../helpers/browser.js';
import { type ConsoleServer, acceptInvitation, createOrganization, phonePage, signedInPage, startConsoleServer } from '../helpers/console-server.js';

// Members' lifecycle and the audit log in the console, in headless Chromium against the built
// server: the members table's status badges, its status filter,
// reactivation and a resent invitation; the API keys page's warning of keys near expiry; the
// owners' audit log page with its filters, paging, CSV and the link to a controls revision, on a
// desktop and a 390 px phone; a manager is told it is for owners. Every page: axe and a screenshot.

let running: ConsoleServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let shots: string;
let ownerKey: string;
const people: Record<'invited' | 'gone' | 'manager', { id: string; email: string; inviteUrl: string }> = {} as never;
let revision = 0;
const NAMES = { invited: 'Ivy', gone: 'Gus', manager: 'Mona' } as const;

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${running.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${ownerKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  running = await startConsoleServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  shots = await mkdtemp(join(tmpdir(), 'qd-audit-screenshots-'));
  console.log(`audit log screenshots: ${shots}`);
  const created = await createOrganization(running, 'Audit Org', 'owner@audit.test');
  ownerKey = created.apiKey;
  for (const [tag, role] of [['invited', 'member'], ['gone', 'guest'], ['manager', 'manager']] as const) {
    const answer = (await (await call('POST', '/api/v0/organization/users', { email: `${tag}@audit.test`, name: NAMES[tag], role, createApiKey: false })).json()) as { user: { id: string }; inviteUrl: string };
    people[tag] = { id: answer.user.id, email: `${tag}@audit.test`, inviteUrl: answer.inviteUrl };
  }
  expect((await call('DELETE', `/api/v0/organization/users/${people.gone.id}`)).status).toBe(204);
  const controls = (await (await call('PATCH', '/api/v0/organization/enterprise-controls', { routerGuidance: 'audited', apiKeyMaxLifetimeDays: 365 })).json()) as { revision: number };
  revision = controls.revision;
  // A key that expires in three days: the API keys page warns of it.
  expect((await call('POST', '/api/v0/api-keys', { name: 'ci-soon', expiresAt: Date.now() + 3 * 86_400_000 })).status).toBe(201);
  // Enough teams for a second page of entries (50 a page).
  for (let i = 0; i < 50; i++) expect((await call('POST', '/api/v0/teams', { name: `Team ${String(i).padStart(2, '0')}` })).status).toBe(201);

  browser = await sharedChromium();
  ({ context, page } = await signedInPage(browser, created.inviteUrl));
}, 300_000);

afterAll(async () => {
  await closeContexts(browser);
  await running?.close();
});

const check = (target: Page, name: string) => screenshotAndScan(target, shots, name);

describe('members lifecycle in the console', () => {
  it('shows status badges, filters by status, reactivates, resends an invitation', async () => {
    await page.goto(`${running.server.url}/settings/members`);
    await page.getByRole('heading', { name: 'Members', exact: true }).waitFor();
    const row = (email: string) => page.getByRole('row', { name: email });
    await row(people.invited.email).getByText('Invited', { exact: true }).waitFor();
    await row(people.gone.email).getByText('Deactivated').waitFor();
    await check(page, '01-members');

    await page.locator('label[for$="-deactivated"]').click();
    expect(await page.getByRole('radio', { name: 'Deactivated' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('row').count(), { timeout: 30_000 }).toBe(2);
    await row(people.gone.email).getByRole('button', { name: 'Reactivate Gus' }).click();
    await page.getByText('No deactivated members').waitFor();
    await page.locator('label[for$="-all"]').click();
    await row(people.gone.email).getByText('Invited', { exact: true }).waitFor();

    await row(people.invited.email).getByRole('button', { name: 'Resend invitation to Ivy' }).click();
    const dialog = page.getByRole('dialog', { name: 'New invitation' });
    await dialog.getByText(/\/invite\/qdi_/).first().waitFor();
    await check(page, '02-members-resent');
    await dialog.getByRole('button', { name: 'Done' }).click();
  }, 120_000);

  it('warns of API keys near expiry', async () => {
    await page.goto(`${running.server.url}/settings/api-keys`);
    await page.getByText(/A key expires within 14 days/).waitFor();
    await page.getByText(/ci-soon/).first().waitFor();
    await check(page, '03-api-keys-expiring');
  }, 60_000);
});

describe('the audit log page', () => {
  it('lists entries newest first, filters, pages and downloads CSV', async () => {
    await page.goto(`${running.server.url}/settings/audit-log`);
    await page.getByRole('heading', { name: 'Audit log', exact: true }).waitFor();
    const entries = page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
    await expect.poll(() => entries.count(), { timeout: 30_000 }).toBe(50);
    expect(await entries.first().textContent()).toContain('member.invited');
    expect(await entries.nth(1).textContent()).toContain('member.reactivated');
    await check(page, '04-audit-log');
    await page.getByRole('button', { name: 'Older entries' }).click();
    await expect.poll(() => entries.count(), { timeout: 30_000 }).toBeGreaterThan(50);

    await page.getByRole('textbox', { name: 'Actions', exact: true }).or(page.getByRole('combobox', { name: 'Actions', exact: true })).first().click();
    await page.getByRole('option', { name: 'enterprise_controls.changed' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => entries.count(), { timeout: 30_000 }).toBe(1);
    await check(page, '05-audit-log-filtered');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toMatch(/^id,occurredAt,/);
    expect(text.trimEnd().split('\r\n')).toHaveLength(2);
    expect(text).toContain('enterprise_controls.changed');

    await entries.first().getByRole('link', { name: `Revision ${revision}` }).click();
    await page.waitForURL(`**/settings/controls?revision=${revision}`);
    await page.getByRole('table', { name: `Changes of revision ${revision}` }).waitFor();
    await check(page, '06-controls-revision');
  }, 120_000);

  it('filters by actor and dates; an inverted range is explained, not sent', async () => {
    await page.goto(`${running.server.url}/settings/audit-log`);
    const entries = page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
    await expect.poll(() => entries.count(), { timeout: 30_000 }).toBe(50);
    await page.getByLabel('Actor').selectOption({ label: people.manager.email });
    await page.getByText('Nothing matches these filters.').waitFor();
    await page.getByLabel('Actor').selectOption({ label: 'Anyone' });
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill('2020-01-01');
    await page.getByText('The end date is before the start date.').waitFor();
    await page.getByLabel('To', { exact: true }).fill(today);
    await expect.poll(() => entries.count(), { timeout: 30_000 }).toBe(50);
  }, 60_000);

  it('reads on a 390 px phone', async () => {
    const phone = await phonePage(browser, context);
    await phone.page.goto(`${running.server.url}/settings/audit-log`);
    await phone.page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem').first().waitFor();
    expect(await phone.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await check(phone.page, '07-audit-log-phone');
    await phone.context.close();
  }, 60_000);

  it('tells a manager the audit log is for owners', async () => {
    const manager = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const managerPage = await manager.newPage();
    await acceptInvitation(managerPage, people.manager.inviteUrl);
    expect(await managerPage.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    await managerPage.goto(`${running.server.url}/settings/audit-log`);
    await managerPage.getByText('The audit log is for owners').waitFor();
    await check(managerPage, '08-audit-log-manager');
    await manager.close();
  }, 60_000);
});
