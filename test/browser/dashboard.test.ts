import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoEvents } from '../../src/demo/generate.js';
import { formatPeriod } from '../../web/src/pages/Analytics/range.js';
import { closeContexts, screenshotAndScan, sharedChromium } from '../helpers/browser.js';
import { acceptInvitation } from '../helpers/console-server.js';
import { startBuiltServer, type BuiltServer } from '../helpers/built-console.js';
import { scratchDatabase } from '../helpers/server.js';

// Console II in headless Chromium against the built server holding a small demo organization
// (5 active users x 90 days of telemetry, aggregated; 21 more members without activity; a
// readiness history, a computer, a session): every page renders its data, the range lives in the
// URL and drives the requests, CSV downloads equal the API's CSV, a stale controls save shows the
// 412 message, a bulk limit edit applies all but its bad row, a message sent in a session shows
// with the status changes as an agent works. Every page: axe scan and a screenshot.

const ACTIVE_USERS = 5;
const DAYS = 90;

let server: BuiltServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dataDir: string;
let shots: string;
let dropDatabase: (() => Promise<void>) | undefined;
const adminToken = `qda_${randomBytes(24).toString('hex')}`;
let ownerKey: string;
let ownerInvite: string;
const members: { email: string; apiKey: string; inviteUrl: string }[] = [];
let computerToken: string;
let sessionId: string;

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

async function call(method: string, path: string, key: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function json<T>(response: Response, status: number): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/** The demo organization, through the API as a customer would build it. */
async function populate(): Promise<void> {
  const created = await json<{ apiKey: string; inviteUrl: string }>(await call('POST', '/admin/v1/organizations', adminToken, { name: 'Dashboard Org', ownerEmail: 'owner@dash.test' }), 201);
  ownerKey = created.apiKey;
  ownerInvite = created.inviteUrl;
  const keys = [ownerKey];
  for (let i = 1; i < ACTIVE_USERS + 21; i++) {
    const email = `user${String(i).padStart(2, '0')}@dash.test`;
    const answer = await json<{ apiKey: string; inviteUrl: string }>(await call('POST', '/api/v0/organization/users', ownerKey, { email, name: `User ${i}`, role: i === 1 ? 'manager' : 'member' }), 201);
    members.push({ email, ...answer });
    if (i < ACTIVE_USERS) keys.push(answer.apiKey);
  }
  const events = generateDemoEvents({ seed: 7, users: ACTIVE_USERS, days: DAYS, lastDay: yesterday() });
  for (let user = 0; user < ACTIVE_USERS; user++) {
    const own = events.filter((event) => event.user === user).map((event) => event.event);
    for (let i = 0; i < own.length; i += 1000) await json(await call('POST', '/api/v1/telemetry/events', keys[user]!, { events: own.slice(i, i + 1000) }), 202);
  }
  // The rollup answers once nothing ended is pending, unless another run holds claims: then again.
  for (let attempt = 0; (await json<{ pendingDays: number }>(await call('POST', '/admin/v1/rollups/run', adminToken), 200)).pendingDays > 0; attempt++) {
    if (attempt > 10) throw new Error('the rollup did not finish');
  }

  const report = (passed: number) => ({ repoUrl: 'https://github.com/dash/api', apps: { api: { description: 'The API' } }, report: { lint: { numerator: 1, denominator: 1, rationale: 'A linter runs in CI' }, tests: { numerator: passed, denominator: 4, rationale: 'Test suites per app' }, docs: { numerator: null, denominator: 1, rationale: 'Not applicable' } } });
  await json(await call('POST', '/api/organization/maturity-level-reports', ownerKey, report(2)), 201);
  await json(await call('POST', '/api/organization/maturity-level-reports', ownerKey, report(3)), 201);
  const computer = await json<{ id: string; computerToken: string }>(await call('POST', '/api/v0/computers', ownerKey, { name: 'build-box', providerType: 'byom', hostname: 'build-box.local' }), 201);
  computerToken = computer.computerToken;
  sessionId = (await json<{ sessionId: string }>(await call('POST', '/api/v0/sessions', ownerKey, { title: 'Fix the flaky test', computerId: computer.id }), 201)).sessionId;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'qd-dashboard-data-'));
  shots = await mkdtemp(join(tmpdir(), 'qd-dashboard-screenshots-'));
  console.log(`dashboard screenshots: ${shots}`);
  const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_TOKEN: adminToken, DATABASE_URL: '', REDIS_URL: '', RATE_LIMIT_PER_MINUTE: '1000000' };
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL);
    dropDatabase = scratch.drop;
    Object.assign(env, { DATABASE_URL: scratch.url, REDIS_URL: process.env.TEST_REDIS_URL ?? '' });
  }
  server = await startBuiltServer(env);
  await populate();
  browser = await sharedChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', acceptDownloads: true });
  page = await context.newPage();
  await acceptInvitation(page, ownerInvite);
}, 300_000);

afterAll(async () => {
  await closeContexts(browser);
  await server?.stop();
  await dropDatabase?.();
  await rm(dataDir, { recursive: true, force: true });
});

const check = (name: string, on: Page = page) => screenshotAndScan(on, shots, name);
const panel = (name: string) => page.getByRole('region', { name, exact: true });

/** Marks drawn by recharts inside a panel: bars, lines and areas with a shape. */
async function marks(name: string): Promise<number> {
  return panel(name).locator('.recharts-bar-rectangle path, .recharts-line-curve, .recharts-area-area').count();
}

describe('console II in Chromium on a demo organization', () => {
  it('shows 90 days of analytics: charts with points, a member table that pages, the range in the URL', async () => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${server.url}/analytics?days=${DAYS}`);
    await page.getByRole('heading', { name: 'Analytics', exact: true }).waitFor();
    for (const name of ['Spend, credits and tokens', 'Activity', 'Tools', 'Productivity']) {
      await expect.poll(() => marks(name), { timeout: 20_000, message: name }).toBeGreaterThan(0);
    }
    const table = page.getByRole('table', { name: 'Members and their usage' });
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 20_000 }).toBe(20);
    expect(await table.getByText('inactive').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('kpi-credits').textContent()).not.toBe('0');
    // 90 days read as weeks by default; the picker goes back to days, in the URL.
    expect(await page.getByText('Standard Credits per week, by model').count()).toBe(1);
    await check('01-analytics-90-days');
    await page.getByRole('group', { name: 'Charts by' }).getByText('Days').click();
    await page.waitForURL(/[?&]by=day\b/);
    await page.getByText('Standard Credits per day, by model').waitFor();
    await page.goto(`${server.url}/analytics?days=${DAYS}`);
    await page.getByText('Standard Credits per week, by model').waitFor();

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(ACTIVE_USERS + 21 - 20);

    const end = yesterday();
    expect(requests.some((url) => url.includes('/api/v1/analytics/tokens') && url.includes(`startDate=${daysBefore(end, DAYS - 1)}`) && url.includes('group_by=model'))).toBe(true);
    requests.length = 0;
    await page.getByText('30 days', { exact: true }).click();
    await page.waitForURL(/[?&]days=30\b/);
    await expect.poll(() => requests.some((url) => url.includes('/api/v1/analytics/tokens') && url.includes(`startDate=${daysBefore(end, 29)}`) && url.includes(`endDate=${end}`)), { timeout: 15_000 }).toBe(true);
    // A chart never asks for the ungrouped /tokens (every user's every model per day).
    expect(requests.filter((url) => url.includes('/api/v1/analytics/tokens') && !url.includes('group_by='))).toEqual([]);

    // A custom range, written into the URL.
    await page.getByRole('textbox', { name: 'From' }).fill(daysBefore(end, 13));
    await page.getByRole('textbox', { name: 'To' }).fill(daysBefore(end, 7));
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(new RegExp(`start=${daysBefore(end, 13)}&end=${daysBefore(end, 7)}`));
    await expect.poll(() => marks('Spend, credits and tokens')).toBeGreaterThan(0);
  }, 180_000);

  it('sorts the members table by any column across pages, searches it, filters the inactive ones and exports what it shows', async () => {
    const end = yesterday();
    const start = daysBefore(end, DAYS - 1);
    // The reference: each member's spend over the range from the API's daily rows, summed here.
    const spend = new Map<string, number>();
    let cursor: string | undefined;
    do {
      const answer = await json<{ data: { user_email: string; cost?: number }[]; meta: { has_more: boolean; next_cursor: string | null } }>(
        await call('GET', `/api/v1/analytics/users?startDate=${start}&endDate=${end}&limit=2${cursor ? `&cursor=${cursor}` : ''}`, ownerKey),
        200,
      );
      for (const row of answer.data) spend.set(row.user_email, (spend.get(row.user_email) ?? 0) + (row.cost ?? 0));
      cursor = answer.meta.has_more ? answer.meta.next_cursor! : undefined;
    } while (cursor);
    const bySpend = [...spend].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([email]) => email);
    const everyone = ACTIVE_USERS + 21;
    const inactive = everyone - spend.size;

    await page.goto(`${server.url}/analytics?days=${DAYS}`);
    const table = page.getByRole('table', { name: 'Members and their usage' });
    const shownEmails = () => table.locator('tbody tr td:first-child a').allTextContents();
    const nameOf = (email: string) => (email === 'owner@dash.test' ? email : `User ${Number(/user(\d+)@/.exec(email)![1])}`);
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 20_000 }).toBe(20);
    // Most spend first by default, the inactive members last.
    expect(await table.getByRole('columnheader', { name: /Spend/ }).getAttribute('aria-sort')).toBe('descending');
    expect((await shownEmails()).slice(0, bySpend.length)).toEqual(bySpend.map(nameOf));
    // The top spender's models, most spend first: from the ungrouped /tokens (by_user[].by_model),
    // another path than the /users rows the table reads.
    const tokens = await json<{ data: { by_user: { user_email: string; by_model: { model_id: string; cost?: number | null }[] }[] }[] }>(
      await call('GET', `/api/v1/analytics/tokens?startDate=${start}&endDate=${end}`, ownerKey),
      200,
    );
    const topModels = new Map<string, number>();
    for (const day of tokens.data)
      for (const user of day.by_user.filter((entry) => entry.user_email === bySpend[0])) for (const model of user.by_model) topModels.set(model.model_id, (topModels.get(model.model_id) ?? 0) + (model.cost ?? 0));
    const expectedModels = [...topModels].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([model]) => model);
    expect(expectedModels.length).toBeGreaterThan(1);
    const topRow = table.locator('tbody tr').first();
    expect(await topRow.locator('td').nth(5).locator('li span:first-of-type').allTextContents()).toEqual(expectedModels.slice(0, 2));
    if (expectedModels.length > 2) await topRow.getByText(`and ${expectedModels.length - 2} more`).waitFor();
    // Fewest first, across pages: the last page ends with the top spender.
    await table.getByRole('button', { name: /Spend/ }).click();
    expect(await table.getByRole('columnheader', { name: /Spend/ }).getAttribute('aria-sort')).toBe('ascending');
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(async () => (await shownEmails()).at(-1)).toBe(nameOf(bySpend[0]!));
    await table.getByRole('button', { name: 'Member' }).click();
    await expect.poll(async () => (await shownEmails())[0]).toBe('owner@dash.test');

    await page.getByLabel(`Inactive only (${inactive})`).check();
    await panel('Members').getByText(`${inactive} of ${everyone} members`, { exact: false }).waitFor();
    expect(await table.getByText('inactive', { exact: true }).count()).toBe(Math.min(20, inactive));
    expect(await table.locator('tbody tr').count()).toBe(Math.min(20, inactive));
    await check('01b-members-inactive');
    await page.getByLabel(`Inactive only (${inactive})`).uncheck();
    await page.getByLabel('Search members').fill('user0');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(9);
    await page.getByLabel('Search members').fill('User 1');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(11); // User 1, 10 to 19
    await panel('Members').getByText('of 26 members', { exact: false }).waitFor();

    // The CSV is the table as shown: the search and the order, every page.
    const [download] = await Promise.all([page.waitForEvent('download'), panel('Members').getByRole('button', { name: 'Download CSV: Members' }).click()]);
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe('email,name,role,active_in_range,deactivated,spend_usd,unpriced_models,credits,sessions,pull_requests,primary_model,models,delegation_level,last_active_day');
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['User 1', ...Array.from({ length: 10 }, (_, i) => `User ${10 + i}`)]);
    await page.getByLabel('Search members').fill('');
  }, 180_000);

  it('answers adoption at a glance: the members active in the range as a share of the members', async () => {
    const end = yesterday();
    const start = daysBefore(end, 13);
    // The reference: distinct users in the API's /users rows of that range, over the members.
    const active = new Set<string>();
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const answer: { data: { user_id: string }[]; meta: { next_cursor: string | null } } = await json(await call('GET', `/api/v1/analytics/users?startDate=${start}&endDate=${end}&limit=100${cursor ? `&cursor=${cursor}` : ''}`, ownerKey), 200);
      for (const row of answer.data) active.add(row.user_id);
      cursor = answer.meta.next_cursor;
    }
    const memberCount = ACTIVE_USERS + 21;
    expect(active.size).toBeGreaterThan(0);
    await page.goto(`${server.url}/analytics?start=${start}&end=${end}`);
    await expect.poll(() => page.getByTestId('kpi-adoption').textContent(), { timeout: 20_000 }).toBe(`${Math.round((active.size / memberCount) * 100)} %`);
    await expect.poll(() => page.getByText(`${active.size} of ${memberCount} members active ${formatPeriod({ startDate: start, endDate: end })}`).count()).toBe(1);
    // The others are the members table's inactive ones.
    expect(await page.getByLabel(`Inactive only (${memberCount - active.size})`).count()).toBe(1);
  }, 60_000);

  it('offers this month and last month as calendar months', async () => {
    const end = yesterday();
    const today = new Date().toISOString().slice(0, 10);
    const firstOfMonth = `${today.slice(0, 7)}-01`;
    const lastOfPrevious = daysBefore(firstOfMonth, 1);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${server.url}/analytics?days=30`);
    await page.getByRole('heading', { name: 'Analytics', exact: true }).waitFor();
    await page.getByText('Last month', { exact: true }).click();
    await page.waitForURL(/[?&]period=last-month\b/);
    await expect.poll(() => requests.some((url) => url.includes('/api/v1/analytics/tokens') && url.includes(`startDate=${lastOfPrevious.slice(0, 7)}-01`) && url.includes(`endDate=${lastOfPrevious}`)), { timeout: 15_000 }).toBe(true);
    const thisMonth = page.getByRole('radio', { name: 'This month' });
    if (end < firstOfMonth) {
      // The 1st: this month has no ended day yet.
      expect(await thisMonth.isDisabled()).toBe(true);
    } else {
      await page.getByText('This month', { exact: true }).click();
      await page.waitForURL(/[?&]period=this-month\b/);
      await expect.poll(() => requests.some((url) => url.includes('/api/v1/analytics/tokens') && url.includes(`startDate=${firstOfMonth}`) && url.includes(`endDate=${end}`)), { timeout: 15_000 }).toBe(true);
      // The manager's question: this month's top spender, and on which models, is the table's first line.
      const rows = await json<{ data: { user_email: string; cost?: number; by_model: { model_id: string; cost?: number | null }[] }[] }>(
        await call('GET', `/api/v1/analytics/users?startDate=${firstOfMonth}&endDate=${end}&limit=100`, ownerKey),
        200,
      );
      const spendOf = new Map<string, number>();
      for (const row of rows.data) spendOf.set(row.user_email, (spendOf.get(row.user_email) ?? 0) + (row.cost ?? 0));
      const top = [...spendOf].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
      const models = new Map<string, number>();
      for (const row of rows.data.filter((row) => row.user_email === top)) for (const model of row.by_model) models.set(model.model_id, (models.get(model.model_id) ?? 0) + (model.cost ?? 0));
      const topModel = [...models].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
      const firstLine = page.getByRole('table', { name: 'Members and their usage' }).locator('tbody tr').first();
      await expect.poll(() => firstLine.locator('td').first().textContent(), { timeout: 15_000 }).toContain(top === 'owner@dash.test' ? top : `User ${Number(/user(\d+)@/.exec(top)![1])}`);
      expect(await firstLine.locator('td').nth(5).locator('li span:first-of-type').first().textContent()).toBe(topModel);
    }
    page.removeAllListeners('request');
    // On a phone the presets are a select, and the page fits the screen.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce', storageState: await context.storageState() });
    const mobile = await phone.newPage();
    await mobile.goto(`${server.url}/analytics?period=last-month`);
    await expect.poll(() => mobile.getByRole('combobox', { name: 'Range' }).inputValue(), { timeout: 20_000 }).toBe('last-month');
    await mobile.getByRole('table', { name: 'Members and their usage' }).waitFor({ timeout: 20_000 });
    expect(await mobile.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await check('01c-analytics-390', mobile);
    await phone.close();
  }, 180_000);

  it('downloads CSVs equal to the API answers with Accept: text/csv', async () => {
    const end = yesterday();
    const start = daysBefore(end, DAYS - 1);
    await page.goto(`${server.url}/analytics?days=${DAYS}`);
    for (const [name, path] of [
      ['Spend, credits and tokens', `/api/v1/analytics/tokens?startDate=${start}&endDate=${end}&group_by=model`],
      ['Activity', `/api/v1/analytics/activity?startDate=${start}&endDate=${end}`],
      ['Tools', `/api/v1/analytics/tools?startDate=${start}&endDate=${end}`],
      ['Productivity', `/api/v1/analytics/productivity?startDate=${start}&endDate=${end}`],
    ] as const) {
      await expect.poll(() => panel(name).getByRole('button', { name: `Download CSV: ${name}` }).isEnabled()).toBe(true);
      const [download] = await Promise.all([page.waitForEvent('download'), panel(name).getByRole('button', { name: `Download CSV: ${name}` }).click()]);
      const downloaded = await readFile((await download.path())!, 'utf8');
      const expected = await (await call('GET', path, ownerKey, undefined, { accept: 'text/csv' })).text();
      expect(downloaded.split('\n').length, name).toBeGreaterThan(2);
      expect(downloaded, name).toBe(expected);
    }
    await panel('Tools').getByRole('button', { name: 'CLI command: Tools' }).click();
    await expect.poll(() => page.getByLabel('Command for Tools').textContent()).toBe(`quarterdeck analytics tools --start ${start} --end ${end} --format csv`);
    await check('02-analytics-cli-command');
    await page.keyboard.press('Escape');
  }, 180_000);

  it('answers the spend by model at the organization\'s prices, as the API and its CSV do; the prices page prices a model without one', async () => {
    const end = yesterday();
    const start = daysBefore(end, 29);
    const tokensOf = async () => {
      const answer = await json<{ data: { group_key: string; cost: number | null }[]; meta: { currency: string } }>(await call('GET', `/api/v1/analytics/tokens?startDate=${start}&endDate=${end}&group_by=model`, ownerKey), 200);
      const byModel = new Map<string, number | null>();
      for (const row of answer.data) byModel.set(row.group_key, byModel.get(row.group_key) === null || row.cost === null ? null : (byModel.get(row.group_key) ?? 0) + row.cost);
      return { byModel, currency: answer.meta.currency };
    };
    // The console's rule (docs/console.md "Money"): cents from 100 on, up to four decimals below.
    const money = (value: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: Math.abs(value) < 100 ? 4 : 2 }).format(value);
    const spendTable = () => page.getByRole('table', { name: 'Spend by model' });
    const shownSpend = async () => Object.fromEntries(await spendTable().locator('tbody tr').evaluateAll((rows) => rows.map((row) => [(row as unknown as { cells: { textContent: string }[] }).cells[0]!.textContent, (row as unknown as { cells: { textContent: string }[] }).cells[1]!.textContent])));

    const before = await tokensOf();
    expect(before.currency).toBe('USD');
    expect(before.byModel.get('in-house-coder')).toBeNull();
    await page.goto(`${server.url}/analytics?start=${start}&end=${end}`);
    await expect.poll(() => spendTable().locator('tbody tr').count(), { timeout: 20_000 }).toBe(before.byModel.size);
    expect(await shownSpend()).toEqual(Object.fromEntries([...before.byModel].map(([model, cost]) => [model, cost === null ? 'No price' : money(cost)])));
    expect(await page.getByTestId('kpi-spend').textContent()).toBe(money([...before.byModel.values()].reduce<number>((sum, cost) => sum + (cost ?? 0), 0)));
    // The CSV carries the same costs.
    const csv = await (await call('GET', `/api/v1/analytics/tokens?startDate=${start}&endDate=${end}&group_by=model`, ownerKey, undefined, { accept: 'text/csv' })).text();
    const [header, ...lines] = csv.trim().split('\r\n');
    const columns = header!.split(',');
    const fromCsv = new Map<string, number>();
    for (const line of lines) {
      const cells = line.split(',');
      fromCsv.set(cells[columns.indexOf('group_key')]!, (fromCsv.get(cells[columns.indexOf('group_key')]!) ?? 0) + Number(cells[columns.indexOf('cost')] || 0));
    }
    for (const [model, cost] of before.byModel) if (cost !== null) expect(fromCsv.get(model)).toBeCloseTo(cost, 6);
    await check('03a-analytics-spend');

    await page.goto(`${server.url}/settings/prices`);
    await page.getByRole('table', { name: 'Prices per model' }).waitFor();
    await page.getByText('1 model has no price').waitFor();
    await check('03b-prices');
    await page.getByRole('button', { name: 'Set the price of in-house-coder' }).click();
    for (const [label, value] of [['Input', '1'], ['Output', '4'], ['Cache read', '0.1'], ['Cache write', '1.25']]) await page.getByLabel(`${label} (USD / million tokens)`).fill(value!);
    await check('03c-prices-edit');
    await page.getByRole('button', { name: 'Save price' }).click();
    await expect.poll(() => page.getByText('1 model has no price').count()).toBe(0);
    await json(await call('POST', '/admin/v1/rollups/run', adminToken), 200);
    const after = await tokensOf();
    expect(after.byModel.get('in-house-coder')).toBeGreaterThan(0);
    await page.goto(`${server.url}/analytics?start=${start}&end=${end}`);
    await expect.poll(async () => (await shownSpend())['in-house-coder'], { timeout: 20_000 }).toBe(money(after.byModel.get('in-house-coder')!));
  }, 180_000);

  it("opens a member's page from the table", async () => {
    await page.goto(`${server.url}/analytics?days=${DAYS}`);
    await page.getByRole('link', { name: 'User 1', exact: true }).click();
    await page.getByRole('heading', { name: 'User 1' }).waitFor();
    await expect.poll(() => page.locator('.recharts-bar-rectangle path, .recharts-line-curve').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(page.url()).toContain(`days=${DAYS}`);
    await check('03-member-analytics');

    // Sessions against the period before and the median of the members active in the range,
    // computed here from the API's /users rows.
    const end = yesterday();
    const sessionsPerUser = async (startDate: string, endDate: string) => {
      const totals = new Map<string, number>();
      for (let cursor: string | null = null, first = true; first || cursor; first = false) {
        const answer: { data: { user_id: string; sessions: number }[]; meta: { next_cursor: string | null } } = await json(await call('GET', `/api/v1/analytics/users?startDate=${startDate}&endDate=${endDate}&limit=100${cursor ? `&cursor=${cursor}` : ''}`, ownerKey), 200);
        for (const row of answer.data) totals.set(row.user_id, (totals.get(row.user_id) ?? 0) + row.sessions);
        cursor = answer.meta.next_cursor;
      }
      return totals;
    };
    const { users } = await json<{ users: { id: string; name: string | null }[] }>(await call('GET', '/api/v0/organization/users?limit=100', ownerKey), 200);
    const userId = users.find((user) => user.name === 'User 1')!.id;
    const now = await sessionsPerUser(daysBefore(end, DAYS - 1), end);
    const before = await sessionsPerUser(daysBefore(end, 2 * DAYS - 1), daysBefore(end, DAYS));
    const sorted = [...now.values()].sort((a, b) => a - b);
    const middle = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
    const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
    // The period compared with, named on screen (UTC days).
    const shortDay = (day: string) => new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${day}T00:00:00Z`));
    await expect
      .poll(() => page.getByTestId('member-sessions-compared').textContent(), { timeout: 20_000 })
      .toBe(`${compact.format(before.get(userId) ?? 0)} in ${shortDay(daysBefore(end, 2 * DAYS - 1))} – ${shortDay(daysBefore(end, DAYS))} · median member ${compact.format(middle)}`);

    // The member's models, most spend first, as the API's rows of that member sum them.
    const spendByModel = new Map<string, number>();
    const rows = await json<{ data: { user_id: string; by_model: { model_id: string; cost?: number | null }[] }[] }>(
      await call('GET', `/api/v1/analytics/users?startDate=${daysBefore(end, DAYS - 1)}&endDate=${end}&limit=100`, ownerKey),
      200,
    );
    for (const row of rows.data.filter((row) => row.user_id === userId)) for (const model of row.by_model) spendByModel.set(model.model_id, (spendByModel.get(model.model_id) ?? 0) + (model.cost ?? 0));
    const models = [...spendByModel].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([model]) => model);
    expect(await page.getByRole('list', { name: "The member's models" }).locator('li span:first-of-type').allTextContents()).toEqual(models);

    // Its limit and its keys, one click each; each list says it shows one member, and shows everyone again.
    const memberPage = page.url();
    await page.getByRole('navigation', { name: 'The member elsewhere' }).getByRole('link', { name: 'Credit limit' }).click();
    await page.getByText("Only User 1's limits").waitFor();
    const limitRows = page.getByRole('table', { name: "Members' credit limits" }).locator('tbody tr');
    expect(await limitRows.count()).toBe(1);
    await expect.poll(() => limitRows.first().textContent()).toContain('User 1');
    await check('03b-member-limit');
    await page.getByRole('button', { name: "Show everyone's limits" }).click();
    await expect.poll(() => limitRows.count()).toBeGreaterThan(1);
    await page.goto(memberPage);
    await page.getByRole('navigation', { name: 'The member elsewhere' }).getByRole('link', { name: 'API keys' }).click();
    await page.getByText("Only User 1's API keys").waitFor();
    const keyRows = page.locator('table tbody tr');
    await expect.poll(() => keyRows.count()).toBeGreaterThan(0);
    for (const row of await keyRows.all()) expect(await row.textContent()).toContain('user01@dash.test');
    await page.goto(`${server.url}/settings/api-keys?user=no-such-member`);
    await page.getByText('The id names no active member of this organization', { exact: false }).waitFor();
    await page.goto(memberPage);
    expect(await page.getByRole('navigation', { name: 'The member elsewhere' }).getByRole('link', { name: 'Sessions', exact: true }).getAttribute('href')).toBe(`/sessions?owner=${userId}`);
  }, 180_000);

  it('shows readiness: the latest report per repository, the worst first, with its criteria by name', async () => {
    // A second repository, worse than dash/api (1 of 2): it opens first.
    await json(
      await call('POST', '/api/organization/maturity-level-reports', ownerKey, { repoUrl: 'https://github.com/dash/web', apps: { web: { description: 'The web app' } }, report: { 'tests-run': { numerator: 0, denominator: 1, rationale: 'No tests' }, build: { numerator: 0, denominator: 1, rationale: 'No build' } } }),
      201,
    );
    await page.goto(`${server.url}/readiness`);
    const web = page.getByRole('table', { name: 'Criteria of github.com/dash/web' });
    await web.waitFor();
    expect(await page.getByRole('table', { name: 'Criteria of github.com/dash/api' }).isVisible()).toBe(false);
    expect(await web.locator('tbody tr td:first-child').allTextContents()).toEqual(['build', 'tests-run']);
    await page.getByRole('button', { name: /github\.com\/dash\/api/ }).click();
    const api = page.getByRole('table', { name: 'Criteria of github.com/dash/api' });
    await api.waitFor();
    expect(await api.locator('tbody tr td:first-child').allTextContents()).toEqual(['docs', 'lint', 'tests']);
    await page.getByText('1 / 2 criteria').waitFor();
    await expect.poll(() => page.locator('.recharts-line-curve').count()).toBeGreaterThan(0);
    await check('04-readiness');
  }, 180_000);

  it('saves controls with If-Match: a stale revision shows the 412 message, a reload saves', async () => {
    await page.goto(`${server.url}/settings/controls`);
    await page.getByRole('button', { name: 'Save controls' }).waitFor();
    // Unset policies say what is in force: the server's default where it enforces one.
    const policy = (label: string) => page.getByRole('combobox', { name: label });
    expect(await policy('Own computers (BYOM) allowed').inputValue()).toBe('');
    await page.getByText('In force: On (default)').first().waitFor();
    const described = async (label: string) => page.locator(`#${(await policy(label).getAttribute('aria-describedby'))!.split(' ')[0]}`).textContent();
    expect(await described('Own computers (BYOM) allowed')).toBe('In force: On (default)');
    expect(await described('Only owners and managers create API keys')).toBe('In force: Off (default)');
    expect(await described('Sync sessions to the cloud')).toBe("In force: Each agent's default (not set)");
    await check('05-controls');
    // Someone else saves meanwhile.
    await json(await call('PATCH', '/api/v0/organization/enterprise-controls', ownerKey, { sessionRetentionDays: 30 }), 200);
    await policy('Members see only themselves').selectOption('On');
    await page.getByRole('button', { name: 'Save controls' }).click();
    await page.getByText('These controls changed while you edited them').waitFor();
    await check('06-controls-stale');
    await page.getByRole('button', { name: 'Reload the controls' }).click();
    await page.getByText('These controls changed while you edited them').waitFor({ state: 'detached' });
    await policy('Members see only themselves').selectOption('On');
    expect(await described('Members see only themselves')).toBe('In force: On (set)');
    await page.getByRole('button', { name: 'Save controls' }).click();
    await expect.poll(async () => (await json<{ settings: Record<string, unknown> }>(await call('GET', '/api/v0/organization/enterprise-controls', ownerKey), 200)).settings.restrictMemberVisibility).toBe(true);
    await page.getByRole('button', { name: 'Show changes' }).first().click();
    // The change as the form names it, its values as the form writes them.
    await page.getByRole('table', { name: /^Changes of revision/ }).getByRole('row', { name: "Members see only themselves Not set (each agent's default) On" }).waitFor();
    await check('07-controls-history');
  }, 180_000);

  it('applies a bulk limit edit except its bad row, whose error shows beside it', async () => {
    await page.goto(`${server.url}/settings/limits`);
    await page.getByRole('table', { name: "Members' credit limits" }).waitFor();
    await check('08-limits');
    const [first, second] = [members[1]!.email, members[2]!.email];
    await page.getByLabel('Limits (CSV)').fill(`email,limit\n${first},5000\nnobody@dash.test,100\n${second},7000\n`);
    await page.getByRole('button', { name: 'Apply limits' }).click();
    const results = page.getByRole('table', { name: 'Bulk edit results' });
    await results.waitFor();
    expect(await results.getByText('saved', { exact: true }).count()).toBe(2);
    expect(await results.locator('tbody tr').nth(1).textContent()).toContain('nobody@dash.test');
    expect(await results.locator('tbody tr').nth(1).textContent()).not.toContain('saved');
    const limits = await json<{ userLimits: { email: string; limit: number }[] }>(await call('GET', '/api/v0/organization/usage/limits/users', ownerKey), 200);
    expect(limits.userLimits.map((entry) => [entry.email, entry.limit])).toEqual([
      [first, 5000],
      [second, 7000],
    ]);
    await page.getByText('own limit', { exact: true }).first().waitFor();
    await check('09-limits-bulk');
  }, 180_000);

  it('lists computers with their steps and registers one, its token shown once', async () => {
    await json(await call('POST', '/api/v0/agent/heartbeat', computerToken), 200);
    await page.goto(`${server.url}/computers`);
    await page.getByRole('heading', { name: 'build-box' }).waitFor();
    const buildBox = page.getByRole('region', { name: 'build-box' });
    await buildBox.getByText('by you', { exact: false }).waitFor();
    await expect.poll(() => buildBox.getByText('Last heartbeat:', { exact: false }).textContent()).not.toContain('none yet');
    await check('10-computers');
    // Its sessions, one click away: the sessions list filtered to it, in the address.
    await buildBox.getByRole('link', { name: '1 session' }).click();
    await page.waitForURL(/\/sessions\?computer=/);
    await page.getByRole('link', { name: 'Fix the flaky test' }).waitFor();
    expect(await page.getByRole('table').locator('tbody tr').count()).toBe(1);
    await page.goto(`${server.url}/computers`);
    await page.getByRole('button', { name: 'Register computer' }).click();
    await page.getByLabel('Name').fill('laptop');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const token = (await page.getByLabel('Computer token', { exact: true }).textContent())!.trim();
    expect(token).toMatch(/^qdc_/);
    await check('11-computer-registered');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { name: 'laptop' }).waitFor();
    await page.getByRole('region', { name: 'laptop' }).getByText('Last heartbeat: none yet').waitFor();
    await page.getByRole('region', { name: 'laptop' }).getByRole('link', { name: '0 sessions' }).waitFor();
  }, 180_000);

  it('sends a message in a session and follows the status while an agent works', async () => {
    await page.goto(`${server.url}/sessions`);
    await page.getByRole('link', { name: 'Fix the flaky test' }).waitFor();
    await check('12-sessions');
    await page.getByRole('link', { name: 'Fix the flaky test' }).click();
    await page.getByLabel('Message to the agent').fill('Please make the test deterministic.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Please make the test deterministic.', { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('session-status').textContent()).toBe('pending');
    const claim = await json<{ sessionId: string }>(await call('POST', '/api/v0/agent/claim?waitMs=5000', computerToken), 200);
    expect(claim.sessionId).toBe(sessionId);
    await expect.poll(() => page.getByTestId('session-status').textContent(), { timeout: 10_000 }).toBe('running');
    await json(await call('POST', `/api/v0/agent/sessions/${sessionId}/messages`, computerToken, { role: 'assistant', content: [{ text: 'Seeded the random generator; the test passes 100 times in a row.' }] }), 201);
    await json(await call('POST', `/api/v0/agent/sessions/${sessionId}/finish`, computerToken), 200);
    await page.getByText('Seeded the random generator; the test passes 100 times in a row.').waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByTestId('session-status').textContent(), { timeout: 10_000 }).toBe('idle');
    await check('13-session');
  }, 180_000);

  it('tells a member why the analytics are not shown, on a phone-sized screen', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, reducedMotion: 'reduce' });
    const mobile = await phone.newPage();
    await acceptInvitation(mobile, members[2]!.inviteUrl);
    await mobile.goto(`${server.url}/analytics`);
    await mobile.getByText('Analytics are for owners and managers').waitFor();
    expect(await mobile.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await check('14-analytics-refused-member-phone', mobile);
    await phone.close();
  }, 180_000);
});
