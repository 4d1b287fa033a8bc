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
const people: Record<'invited' | 'gone' | 'manager' | 'agents', { id: string; email: string; inviteUrl: string }> = {} as never;
let revision = 0;
let firstTeam = '';
const NAMES = { invited: 'Ivy', gone: 'Gus', manager: 'Mona', agents: 'Aria' } as const;
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const shownDay = (day: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.parse(`${day}T00:00:00Z`));

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
  for (const [tag, role] of [['invited', 'member'], ['gone', 'guest'], ['manager', 'manager'], ['agents', 'member']] as const) {
    const answer = (await (await call('POST', '/api/v0/organization/users', { email: `${tag}@audit.test`, name: NAMES[tag], role, createApiKey: false })).json()) as { user: { id: string }; inviteUrl: string };
    people[tag] = { id: answer.user.id, email: `${tag}@audit.test`, inviteUrl: answer.inviteUrl };
  }
  expect((await call('DELETE', `/api/v0/organization/users/${people.gone.id}`)).status).toBe(204);
  const controls = (await (await call('PATCH', '/api/v0/organization/enterprise-controls', { routerGuidance: 'audited', apiKeyMaxLifetimeDays: 365 })).json()) as { revision: number };
  revision = controls.revision;
  // A key that expires in three days: the API keys page warns of it.
  expect((await call('POST', '/api/v0/api-keys', { name: 'ci-soon', expiresAt: Date.now() + 3 * 86_400_000 })).status).toBe(201);
  // Enough teams for a second page of entries (50 a page).
  for (let i = 0; i < 50; i++) {
    const team = await call('POST', '/api/v0/teams', { name: `Team ${String(i).padStart(2, '0')}` });
    expect(team.status).toBe(201);
    if (i === 0) firstTeam = ((await team.json()) as { team: { id: string } }).team.id;
  }
  // Ivy joins the first team: the entry's details name her and the team, not their ids.
  expect((await call('POST', `/api/v0/teams/${firstTeam}/members`, { userId: people.invited.id })).status).toBe(201);
  // Aria never signs in, but her agents worked two days ago: active through agents, not invited.
  const session = `aria-${Date.now()}`;
  const events = [
    { id: `${session}-s`, type: 'session_start', client: 'terminal-ui', sessionId: session, timestamp: `${utcDay(2)}T09:00:00.000Z`, userId: people.agents.id },
    { id: `${session}-m`, type: 'model_call', client: 'terminal-ui', sessionId: session, timestamp: `${utcDay(2)}T09:01:00.000Z`, userId: people.agents.id, modelId: 'claude-sonnet-4', modelTier: 'standard', inputTokens: 100, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0 },
  ];
  expect((await call('POST', '/api/v1/telemetry/events', { events })).status).toBe(202);
  expect((await fetch(`${running.server.url}/admin/v1/rollups/run`, { method: 'POST', headers: { authorization: `Bearer ${running.adminToken}` } })).status).toBe(200);

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

  it('names each member, tells sign-in from agent activity, sorts and searches', async () => {
    await page.goto(`${running.server.url}/settings/members`);
    const table = page.getByRole('table');
    const row = (email: string) => page.getByRole('row', { name: email });
    await row(people.agents.email).waitFor();
    // Name first, the e-mail as secondary text.
    expect((await row(people.agents.email).locator('td').first().innerText()).split(/\n+/)).toEqual([NAMES.agents, people.agents.email]);
    await row(people.agents.email).getByText('Active through agents', { exact: true }).waitFor();
    expect(await row(people.agents.email).getByText(shownDay(utcDay(2)), { exact: true }).count()).toBe(1);
    await row(people.invited.email).getByText('Invited', { exact: true }).waitFor();
    expect(await row(people.invited.email).getByText('never', { exact: true }).count()).toBe(2);
    // The owner signed in today (accepting the invitation) and has no agent activity.
    const owner = row('owner@audit.test');
    await owner.getByText('Signed in', { exact: true }).waitFor();
    expect(await owner.getByText(shownDay(utcDay(0)), { exact: true }).count()).toBe(1);
    const heads = await table.locator('thead th').allInnerTexts();
    expect(heads.slice(0, 4).map((head) => head.replace(/[ ↑↓]+$/, ''))).toEqual(['Member', 'Role', 'Last sign-in', 'Last activity']);

    const names = async () => (await table.locator('tbody tr td:first-child > :first-child').allInnerTexts()).map((name) => name.replace(' (you)', ''));
    await expect.poll(names).toEqual(['Aria', 'Gus', 'Ivy', 'Mona', 'owner@audit.test']);
    await table.getByRole('button', { name: 'Member' }).click();
    await expect.poll(names).toEqual(['owner@audit.test', 'Mona', 'Ivy', 'Gus', 'Aria']);
    await table.getByRole('button', { name: 'Last activity' }).click();
    expect((await names())[0]).toBe('Aria');
    await page.locator('label[for$="-agents"]').click();
    await expect.poll(names).toEqual(['Aria']);
    await page.locator('label[for$="-all"]').click();
    await page.getByLabel('Search').fill('IV');
    await expect.poll(names).toEqual(['Ivy']);
    await page.getByLabel('Search').fill('MANAGER@');
    await expect.poll(names).toEqual(['Mona']);
    await page.getByLabel('Search').fill('nobody');
    await page.getByText('No member matches this search').waitFor();
    await check(page, '02b-members-named');
  }, 120_000);

  it("says since when a member is inactive on the dashboard's members table", async () => {
    // Yesterday alone: Aria's agents last worked two days ago, the others never.
    await page.goto(`${running.server.url}/analytics?start=${utcDay(1)}&end=${utcDay(1)}`);
    const table = page.getByRole('table', { name: 'Members and their usage' });
    const row = (name: string) => table.getByRole('row', { name: new RegExp(`^${name}`) });
    await row(NAMES.agents).getByText(`since ${shownDay(utcDay(2))}`, { exact: true }).waitFor({ timeout: 60_000 });
    await row(NAMES.invited).getByText('never active', { exact: true }).waitFor();
    await check(page, '02c-dashboard-inactive-since');
  }, 90_000);

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

  it("sets one's own name from the account menu, used in place of the e-mail", async () => {
    await page.goto(`${running.server.url}/settings/members`);
    await page.getByRole('button', { name: 'Account: owner@audit.test' }).click();
    await page.getByRole('button', { name: 'Your name' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your name' });
    await dialog.getByLabel('Name shown to your organization').fill('Olive Owner');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Account: Olive Owner' }).waitFor();
    await page.getByRole('row', { name: 'owner@audit.test' }).getByText('Olive Owner (you)').waitFor();
  }, 60_000);

  it('names actors and what the details point at, not ids', async () => {
    await page.goto(`${running.server.url}/settings/audit-log`);
    const entries = page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
    await expect.poll(() => entries.count(), { timeout: 30_000 }).toBe(50);
    // The owner renamed themselves last: the entry's actor is their name, not "owner@… (member)".
    const renamed = entries.filter({ hasText: 'member.updated' }).first();
    // Names come with the members list, which may arrive after the entries.
    await expect.poll(() => renamed.locator('strong').first().innerText(), { timeout: 30_000 }).toBe('Olive Owner');
    expect(await renamed.innerText()).not.toContain('(member)');
    await renamed.getByText('none → Olive Owner').waitFor();
    await page.getByRole('textbox', { name: 'Actions', exact: true }).or(page.getByRole('combobox', { name: 'Actions', exact: true })).first().click();
    await page.getByRole('option', { name: 'team.member_added' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => entries.count(), { timeout: 30_000 }).toBe(1);
    const added = entries.first();
    await added.getByText('Team 00', { exact: true }).waitFor();
    const details = await added.getByRole('definition').allInnerTexts();
    expect(details).toContain(NAMES.invited);
    expect(await added.innerText()).not.toMatch(/usr_|team_/);
    await check(page, '05b-audit-log-names');
  }, 60_000);

  it('filters by actor and dates; an inverted range is explained, not sent', async () => {
    await page.goto(`${running.server.url}/settings/audit-log`);
    const entries = page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
    await expect.poll(() => entries.count(), { timeout: 30_000 }).toBe(50);
    await page.getByLabel('Actor').selectOption({ label: NAMES.manager });
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

    // A wide table of 50 rows (the teams) scrolls sideways in its own box: its horizontal
    // scrollbar is on screen at once, not 50 rows down, and the header stays on top.
    await phone.page.goto(`${running.server.url}/settings/teams`);
    await phone.page.getByRole('cell', { name: 'Team 49', exact: true }).waitFor();
    // Run in the page (this file is compiled without the DOM's types).
    const box = await phone.page.locator('.scroll-table').first().evaluate((element: any) => ({
      bottom: element.getBoundingClientRect().bottom,
      sideways: element.scrollWidth > element.clientWidth,
      window: element.ownerDocument.defaultView.innerHeight,
    }));
    expect(box.sideways).toBe(true);
    expect(box.bottom).toBeLessThanOrEqual(box.window);
    await phone.page.locator('.scroll-table').first().evaluate((element: any) => element.scrollBy(0, 600));
    const header = await phone.page.locator('.scroll-table thead th').first().evaluate((cell: any) => cell.getBoundingClientRect().top - cell.closest('.scroll-table').getBoundingClientRect().top);
    expect(Math.abs(header)).toBeLessThan(2);
    await check(phone.page, '07b-teams-phone-scroll');
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
