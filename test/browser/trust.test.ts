import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, screenshotAndScan, sharedChromium } from '../helpers/browser.js';
import type { BuiltServer } from '../helpers/built-console.js';
import { callApi, type ConsoleServer, createOrganization, phonePage, signedInPage, startConsoleServer } from '../helpers/console-server.js';

// Numbers a manager can trust (issue 52), in headless Chromium against the built server: what an
// unknown member or session shows, and budgets and limits coloured by their forecast with one
// rule, the same member reading the same on the dashboard and on the limits page.

let running: ConsoleServer;
let server: BuiltServer;
let ownerKey: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let shots: string;
const people: Record<'fast' | 'calm', { id: string; email: string; apiKey: string }> = {} as never;

const check = (name: string, on: Page = page) => screenshotAndScan(on, shots, name);

const call = <T = any>(method: string, path: string, body?: unknown, key = ownerKey, status = 200): Promise<T> => callApi<T>(server.url, method, path, body, key, status);

/**
 * `tokens` input tokens of a priced model (credits = input tokens for it), on a whole day of this
 * month before today when there is one (so the forecast has a daily rate), else today.
 */
async function use(key: string, tokens: number, tag: string): Promise<void> {
  const now = new Date();
  const at = now.getUTCDate() > 1 ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 12)) : now;
  const event = { id: `use-${tag}`, type: 'model_call', timestamp: at.toISOString(), sessionId: `s-${tag}`, client: 'terminal-ui', modelId: 'claude-sonnet-4-5', modelTier: 'standard', inputTokens: tokens, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  await call('POST', '/api/v1/telemetry/events', { events: [event] }, key, 202);
}

/** The UTC day the amount is reached at the forecast's pace, computed here from the API's figures. */
function expectedDay(used: number, amount: number, forecast: number, now: Date): string {
  const monthEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  const daysLeft = (monthEnd - now.getTime()) / 86_400_000;
  const reachedAt = now.getTime() + ((amount - used) / ((forecast - used) / daysLeft)) * 86_400_000;
  return new Date(reachedAt).toISOString().slice(0, 10);
}

/** The element's computed background colour (the test's tsconfig has no DOM types: the script is a string). */
const backgroundOf = (locator: Locator) => locator.evaluate('(element) => getComputedStyle(element).backgroundColor') as Promise<string>;

const dayText = (day: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${day}T00:00:00Z`));

beforeAll(async () => {
  shots = await mkdtemp(join(tmpdir(), 'qd-trust-screenshots-'));
  console.log(`trust screenshots: ${shots}`);
  running = await startConsoleServer();
  server = running.server;
  const { inviteUrl, apiKey } = await createOrganization(running, 'Trust Org', 'owner@trust.test');
  ownerKey = apiKey;
  for (const name of ['fast', 'calm'] as const) {
    const added = await call<{ user: { id: string; email: string }; apiKey: string }>('POST', '/api/v0/organization/users', { email: `${name}@trust.test`, name: `Member ${name}`, role: 'member' }, ownerKey, 201);
    people[name] = { id: added.user.id, email: added.user.email, apiKey: added.apiKey };
  }
  await use(people.fast.apiKey, 8000, 'fast');
  await use(people.calm.apiKey, 1000, 'calm');
  browser = await sharedChromium();
  ({ context, page } = await signedInPage(browser, inviteUrl));
}, 300_000);

afterAll(async () => {
  await closeContexts(browser);
  await running?.close();
});

describe('unknown ids', () => {
  it("says an unknown member's page names no member instead of loading forever", async () => {
    await page.goto(`${server.url}/analytics/users/usr_nope`);
    await page.getByText('No such member').waitFor({ timeout: 60_000 });
    expect(await page.getByText("Loading the member's usage").count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Member');
    await check('01-unknown-member');
  }, 60_000);

  it('gives an unknown session a heading and no "Try again", asking for it once', async () => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/v0/sessions/ses_nope')) asked.push(request.url());
    });
    await page.goto(`${server.url}/sessions/ses_nope`);
    await page.getByRole('heading', { level: 1, name: 'No such session' }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(asked).toHaveLength(1);
    expect(await page.title()).toContain('No such session');
    await check('02-unknown-session');
  }, 60_000);
});

describe('budgets and limits follow the forecast, one rule on every page', () => {
  let dashboardPercent = '';

  it('colours a budget forecast to be exceeded red on the dashboard and the budgets page, with the day it is reached', async () => {
    // Spend so far: 9,000 input tokens at $3 per million = $0.027; the budget twice that (50 %),
    // the first threshold at 80 %: by the share alone it is fine, by the forecast it is not.
    await call('POST', '/api/v0/budgets', { scope: 'organization', unit: 'money', amount: 0.054, thresholds: [80, 100] }, ownerKey, 201);
    const now = new Date();
    const [budget] = (await call<{ budgets: { spent: number; amount: number; forecast: number; percent: number }[] }>('GET', '/api/v0/budgets')).budgets;
    expect(budget!.percent).toBe(50);
    // The month's pace (a day's spend over the last whole days) carries the month-end past the amount.
    expect(budget!.forecast).toBeGreaterThan(budget!.amount);
    const day = expectedDay(budget!.spent, budget!.amount, budget!.forecast, now);

    await page.goto(`${server.url}/analytics`);
    const line = page.getByRole('region', { name: 'Budgets and limits this month' }).getByTestId('budget-organization');
    await line.getByText('50 %').waitFor({ timeout: 60_000 });
    expect(await line.locator('[data-level]').getAttribute('data-level')).toBe('will-reach');
    expect(await line.getByTestId('standing-words').textContent()).toBe(`Forecast over the budget: reaches it ${dayText(day)}`);

    await page.goto(`${server.url}/settings/budgets`);
    const row = page.getByRole('row', { name: /The organization/ });
    await row.waitFor({ timeout: 60_000 });
    expect(await row.locator('[data-level]').getAttribute('data-level')).toBe('will-reach');
    expect(await row.getByTestId('standing-words').textContent()).toContain(dayText(day));
    await check('03-budget-forecast-over');
  }, 90_000);

  it('shows a member the same share and colour on the dashboard and on the limits page', async () => {
    // 8,000 of 10,000 credits: 80 % used, and a forecast past the limit.
    await call('PUT', '/api/v0/organization/usage/limits/users', { users: [{ email: people.fast.email, limit: 10_000 }, { email: people.calm.email, limit: 10_000 }] });
    const { members } = await call<{ members: { email: string; percent: number; forecast: number; limit: number }[] }>('GET', '/api/v0/budgets/members');
    const fast = members.find((member) => member.email === people.fast.email)!;
    expect(fast.percent).toBe(80);
    expect(fast.forecast).toBeGreaterThan(fast.limit);

    await page.goto(`${server.url}/analytics`);
    const near = page.getByRole('table', { name: 'Members near their credit limit' });
    const dashboardRow = near.getByRole('row', { name: new RegExp(people.fast.email) });
    await dashboardRow.waitFor({ timeout: 60_000 });
    const dashboardBadge = dashboardRow.locator('[data-level]');
    dashboardPercent = (await dashboardBadge.textContent()) ?? '';
    expect(dashboardPercent).toBe('80 %');
    expect(await dashboardBadge.getAttribute('data-level')).toBe('will-reach');
    const dashboardColour = await backgroundOf(dashboardBadge);

    await page.goto(`${server.url}/settings/limits`);
    const limitsRow = page.getByRole('row', { name: new RegExp(people.fast.email) });
    const limitsBadge = limitsRow.locator('[data-level]');
    // The badge comes with the live figures (/budgets/members), after the members list.
    await expect.poll(() => limitsBadge.count(), { timeout: 120_000 }).toBe(1);
    expect(await limitsBadge.textContent()).toBe(dashboardPercent);
    expect(await limitsBadge.getAttribute('data-level')).toBe('will-reach');
    expect(await backgroundOf(limitsBadge)).toBe(dashboardColour);
    // The member at 10 % with a calm pace: teal, the same rule.
    const calmBadge = page.getByRole('row', { name: new RegExp(people.calm.email) }).locator('[data-level]');
    expect(await calmBadge.textContent()).toBe('10 %');
    await check('04-limits-forecast');
  }, 180_000);

  it('sorts the limits by name in natural order (User 2 before User 10), and by use', async () => {
    for (const name of ['User 10', 'User 2']) await call('POST', '/api/v0/organization/users', { email: `${name.replace(' ', '').toLowerCase()}@trust.test`, name, role: 'member' }, ownerKey, 201);
    await page.goto(`${server.url}/settings/limits`);
    const table = page.getByRole('table', { name: "Members' credit limits" });
    const names = () => table.locator('tbody tr td:first-child p:first-child').allTextContents();
    await expect.poll(names, { timeout: 60_000 }).toEqual(['Member calm', 'Member fast', 'owner@trust.test', 'User 2', 'User 10']);
    await table.getByRole('button', { name: 'Member' }).click();
    expect(await names()).toEqual(['User 10', 'User 2', 'owner@trust.test', 'Member fast', 'Member calm']);
    // Most used first; ties (nothing used) by name.
    await table.getByRole('button', { name: 'Used' }).click();
    expect(await names()).toEqual(['Member fast', 'Member calm', 'owner@trust.test', 'User 2', 'User 10']);
    expect(await table.locator('th[aria-sort="descending"]').textContent()).toContain('Used');
  }, 90_000);
});

describe('comparisons like with like, said on screen', () => {
  it('compares this month so far with the same days of last month on the KPI cards and the teams panel', async () => {
    const team = (await call<{ team: { id: string } }>('POST', '/api/v0/teams', { name: 'Platform' }, ownerKey, 201)).team;
    await call('POST', `/api/v0/teams/${team.id}/members`, { userId: people.fast.id }, ownerKey, 201);
    // This month up to yesterday (last month whole on the 1st), and the same days a month before, written out here.
    const now = new Date();
    const day = (year: number, month: number, date: number) => new Date(Date.UTC(year, month, date)).toISOString().slice(0, 10);
    const firstOfMonth = now.getUTCDate() === 1;
    const month = firstOfMonth ? now.getUTCMonth() - 1 : now.getUTCMonth();
    const lastDay = firstOfMonth ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).getUTCDate() : now.getUTCDate() - 1;
    const previousLength = new Date(Date.UTC(now.getUTCFullYear(), month, 0)).getUTCDate();
    const short = (value: string) => new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${value}T00:00:00Z`));
    const before = `${short(day(now.getUTCFullYear(), month - 1, 1))} – ${short(day(now.getUTCFullYear(), month - 1, Math.min(lastDay, previousLength)))}`;

    await page.goto(`${server.url}/analytics?period=${firstOfMonth ? 'last-month' : 'this-month'}`);
    await expect.poll(() => page.getByTestId('kpi-spend-compared').textContent(), { timeout: 60_000 }).toBe(`vs the same days of last month (${before})`);
    if (!firstOfMonth) {
      const teams = page.getByRole('table', { name: 'Spend per team' });
      await teams.getByRole('row', { name: /Platform/ }).waitFor({ timeout: 60_000 });
      expect(await teams.getByRole('columnheader', { name: `Change vs ${before}` }).count()).toBe(1);
    }
    // The adoption card names its days.
    await expect.poll(() => page.getByText(/of \d+ members active/).textContent(), { timeout: 60_000 }).toMatch(/active \w{3} \d+/);
    await check('05-compared-like-with-like');
  }, 120_000);
});

describe('the controls history', () => {
  it('names the author and shows each change with the form labels and readable values', async () => {
    await call('PATCH', '/api/v0/organization/enterprise-controls', { enableAgentShield: true, apiKeyMaxLifetimeDays: 90, modelPolicy: { blockedModelIds: ['gpt-5', 'o3'] } });
    await call('PATCH', '/api/v0/organization/enterprise-controls', { enableAgentShield: false, apiKeyMaxLifetimeDays: null });
    await page.goto(`${server.url}/settings/controls`);
    const history = page.getByRole('region', { name: 'History' });
    const newest = history.getByText(/^Revision 2 · /);
    await newest.waitFor({ timeout: 60_000 });
    // The owner has no name: the e-mail, never an empty author.
    expect(await newest.textContent()).toMatch(/^Revision 2 · .+ · by owner@trust\.test$/);
    await history.getByRole('button', { name: 'Show changes' }).first().click();
    const changes = history.getByRole('table', { name: 'Changes of revision 2' });
    await changes.waitFor({ timeout: 60_000 });
    expect(await changes.locator('tbody tr').evaluateAll((rows) => rows.map((row) => (row as unknown as { innerText: string }).innerText.split('\t').map((cell) => cell.trim()))).then((rows) => rows.sort())).toEqual([
      ['API key lifetime cap (days)', '90 days', 'Not set'],
      ['Agent shield', 'On', 'Off'],
    ]);
    // Revision 2's button now hides its changes: the first "Show changes" is revision 1's.
    await history.getByRole('button', { name: 'Show changes' }).first().click();
    const first = history.getByRole('table', { name: 'Changes of revision 1' });
    await first.waitFor({ timeout: 60_000 });
    // The model policy was set whole: the group by its fieldset's name, its settings by their labels.
    expect(await first.getByRole('row', { name: /Model policy/ }).textContent()).toBe('Model policyNot setBlocked model ids: gpt-5, o3');
    await check('06-controls-history');
  }, 90_000);
});

describe('on a phone', () => {
  it("shows the dashboard's members with their spend and model, without scrolling sideways", async () => {
    const { context: phone, page: mobile } = await phonePage(browser, context);
    await mobile.goto(`${server.url}/analytics`);
    const table = mobile.getByRole('table', { name: 'Members and their usage' });
    await table.getByRole('row', { name: /Member fast/ }).waitFor({ timeout: 60_000 });
    const heads = await table.locator('thead th').evaluateAll((cells) => cells.filter((cell) => (cell as unknown as { offsetWidth: number }).offsetWidth > 0).map((cell) => (cell as unknown as { innerText: string }).innerText.replace(/[↑↓]/g, '').trim()));
    expect(heads).toEqual(['Member', 'Spend (USD)', 'Models']);
    // The model is on screen, and nothing scrolls sideways: neither the page nor the table.
    const row = table.getByRole('row', { name: /Member fast/ });
    expect(await row.getByText('claude-sonnet-4-5').isVisible()).toBe(true);
    const box = await row.getByText('claude-sonnet-4-5').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await mobile.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await check('08-members-390', mobile);
    await phone.close();
  }, 90_000);
});
